import { createHash } from 'node:crypto';
import { z } from 'zod';
import { quoteIdentifier } from './schema';
import type { Json, LoadRecord, LoadTarget } from './types';

// Load records: what each committed load left in the destination, kept beside the data and written
// in the same transaction as its rows (the files destination writes one JSON file per load, see
// files-destination.ts). They say which loads committed (recovery after a crash) and the cursor
// the next run starts from: the one committed with the rows.

export const LOADS_TABLE = '_flowdeck_loads';

/** The loads table of a namespace, in the SQL of Postgres (jsonb) or DuckDB (JSON). */
export function loadsTableSql(namespace: string, dialect: 'postgres' | 'duckdb'): string[] {
  const json = dialect === 'postgres' ? 'jsonb' : 'JSON';
  const table = `${quoteIdentifier(namespace)}.${quoteIdentifier(LOADS_TABLE)}`;
  const create = `CREATE TABLE IF NOT EXISTS ${table} (
    flow_id bigint NOT NULL, resource text NOT NULL, load_id text NOT NULL, attempt_id bigint NOT NULL, generation integer NOT NULL,
    "rows" bigint NOT NULL, "cursor" ${json}, "columns" ${json} NOT NULL, schema_change ${json}, committed_at timestamptz NOT NULL,
    PRIMARY KEY (load_id, resource))`;
  // DuckDB scans the few rows a table of loads holds faster than it would keep a second index.
  if (dialect === 'duckdb') return [create];
  return [create, `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${LOADS_TABLE}_latest`)} ON ${table} (flow_id, resource, generation, committed_at)`];
}

/** The columns an insert names (committed_at is the database's clock, given separately). */
export const RECORD_COLUMNS = 'flow_id, resource, load_id, attempt_id, generation, "rows", "cursor", "columns", schema_change';

/** The values of RECORD_COLUMNS, JSON as text. */
export function recordValues(target: LoadTarget, kept: Omit<LoadRecord, 'committedAt' | 'flowId' | 'resource' | 'loadId' | 'attemptId' | 'generation'>) {
  return [
    target.flowId,
    target.resource,
    target.loadId,
    target.attemptId,
    target.generation,
    kept.rows,
    kept.cursor === null ? null : JSON.stringify(kept.cursor),
    JSON.stringify(kept.columns),
    kept.schemaChange === null ? null : JSON.stringify(kept.schemaChange),
  ];
}

/** SELECT list that reads a record back (committed_at in epoch milliseconds, in both dialects). */
export function recordSelect(dialect: 'postgres' | 'duckdb'): string {
  const millis = dialect === 'postgres' ? 'floor(extract(epoch FROM committed_at) * 1000)::bigint' : 'epoch_ms(committed_at)';
  const text = (column: string) => (dialect === 'postgres' ? `${column}::text` : `CAST(${column} AS VARCHAR)`);
  return `flow_id, resource, load_id, attempt_id, generation, "rows", ${text('"cursor"')} AS "cursor", ${text('"columns"')} AS "columns", ${text('schema_change')} AS schema_change, ${millis} AS committed_ms`;
}

const count = z.union([z.number(), z.bigint(), z.string()]).transform(Number).pipe(z.number().int().nonnegative());
const columnSchema = z.object({ name: z.string(), type: z.enum(['bigint', 'double', 'boolean', 'timestamp', 'text']) });
const schemaChangeSchema = z.object({
  added: z.array(columnSchema),
  removed: z.array(z.string()),
  changed: z.array(z.object({ name: z.string(), from: columnSchema.shape.type, to: columnSchema.shape.type })),
});
const jsonText = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, context): z.output<T> => {
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      context.addIssue({ code: 'custom', message: 'not the expected JSON' });
      return z.NEVER;
    }
  });
const jsonValue: z.ZodType<Json> = z.json();

const recordRow = z.object({
  flow_id: count,
  resource: z.string(),
  load_id: z.string(),
  attempt_id: count,
  generation: count,
  rows: count,
  cursor: jsonText(jsonValue).nullable(),
  columns: jsonText(z.array(columnSchema)),
  schema_change: jsonText(schemaChangeSchema).nullable(),
  committed_ms: count,
});

/**
 * A record as a destination's loads table answers it (the table lies beside the user's data, so it is
 * read as untrusted); null when it is not one.
 */
export function recordOf(row: unknown): LoadRecord | null {
  const parsed = recordRow.safeParse(row);
  if (!parsed.success) return null;
  const value = parsed.data;
  return {
    flowId: value.flow_id,
    resource: value.resource,
    loadId: value.load_id,
    attemptId: value.attempt_id,
    generation: value.generation,
    rows: value.rows,
    cursor: value.cursor,
    columns: value.columns,
    schemaChange: value.schema_change,
    committedAt: new Date(value.committed_ms),
  };
}

/** A record kept as JSON (the files destination), read back; null when it is not one. */
export const recordFileSchema = z.object({
  flowId: count,
  resource: z.string(),
  loadId: z.string(),
  attemptId: count,
  generation: count,
  rows: count,
  cursor: jsonValue.nullable(),
  columns: z.array(columnSchema),
  schemaChange: schemaChangeSchema.nullable(),
  committedAt: z.iso.datetime().transform((text) => new Date(text)),
});

/** A short name for a load that fits in an identifier (its staging table, its connection's name). */
export function loadTag(loadId: string): string {
  return createHash('sha256').update(loadId).digest('hex').slice(0, 16);
}

/** The load's staging table: derived from its id, so what a crash left can be found again. */
export const stagingTable = (loadId: string) => `_flowdeck_stage_${loadTag(loadId)}`;
