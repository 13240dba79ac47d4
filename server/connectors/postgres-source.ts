import pg from 'pg';
import { sourceSpec } from '@/catalogue/connector-specs';
import { propertyValue } from '@/service-rules/properties';
import type { PlainProperties } from '../properties';
import { RefusedTarget } from '@/service-rules/errors';
import { checkPostgresTarget, connectPostgres, describePostgres, verifyPostgres } from './postgres-connection';
import { quoteIdentifier } from './schema';
import { type DiscoveredItem, failure, info, type ReadAfter, type ResourceReader, type Row, type SourceConnector } from './types';

// Reads every table and view of a schema through a server-side cursor, a batch at a time, inside a
// read-only transaction (one consistent snapshot per table, bounded memory). An incremental read asks
// Postgres for the rows past the cursor only (`WHERE "column" > $1`).

const BATCH_SIZE = 5_000;

const DEFINITIONS = sourceSpec('postgres')?.propertyDefinitions ?? [];
const schemaOf = (properties: PlainProperties) => String(propertyValue(DEFINITIONS, properties, 'schema') ?? 'public');

/**
 * Timestamps as ISO 8601 text to the microsecond (the session speaks UTC), not through a JavaScript Date:
 * a cursor cut to the millisecond would read its own last row again on every run.
 */
const TIMESTAMP_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP]);
function isoTimestamp(text: string): string {
  const match = /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:\+00(?::00)?)?$/.exec(text);
  if (!match) return text;
  const [, day = '', time = '', fraction = ''] = match;
  return `${day}T${time}.${fraction.padEnd(3, '0')}Z`;
}
type TypeParser = (value: string) => unknown;
const readTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: (typeof pg.types.builtins)[keyof typeof pg.types.builtins], format?: 'text' | 'binary') =>
    TIMESTAMP_TYPES.has(oid) ? isoTimestamp : (pg.types.getTypeParser(oid, format) as TypeParser)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Column types that can serve as a cursor: numbers, dates and times (ordered as Postgres orders them). */
const CURSOR_TYPES = /^(smallint|integer|bigint|numeric|real|double precision|date|timestamp|time)/;

/** Values the row model cannot hold as they are: dates as ISO strings, the rest as JSON or text. */
export function plainValue(value: unknown): Row[string] {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return JSON.stringify(value);
}

async function connect(properties: PlainProperties): Promise<pg.Client> {
  try {
    return await connectPostgres(properties);
  } catch (error) {
    if (error instanceof RefusedTarget) throw error;
    throw new Error(`Cannot connect to ${describePostgres(properties)}: ${(error as Error).message}`, { cause: error });
  }
}

async function listTables(client: pg.Client, schema: string): Promise<{ name: string; kind: string }[]> {
  const { rows } = await client.query<{ table_name: string; table_type: string }>(
    "SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = $1 AND table_name NOT LIKE '\\_flowdeck\\_%' ORDER BY table_name",
    [schema],
  );
  return rows.map((row) => ({ name: row.table_name, kind: row.table_type === 'VIEW' ? 'view' : 'table' }));
}

/** Each table's columns (in order, with their types), its primary key and the columns that can serve as a cursor. */
async function describeTables(client: pg.Client, schema: string): Promise<Map<string, Pick<DiscoveredItem, 'columns' | 'primaryKey' | 'cursorCandidates'>>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string; key_position: number | null }>(
    `SELECT c.table_name, c.column_name, c.data_type, k.ordinal_position AS key_position
       FROM information_schema.columns c
       LEFT JOIN information_schema.table_constraints t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.constraint_type = 'PRIMARY KEY'
       LEFT JOIN information_schema.key_column_usage k
         ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name AND k.column_name = c.column_name
      WHERE c.table_schema = $1
      ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  const tables = new Map<string, { columns: { name: string; type: string }[]; keys: [number, string][]; cursorCandidates: string[] }>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { columns: [], keys: [], cursorCandidates: [] };
    tables.set(row.table_name, table);
    table.columns.push({ name: row.column_name, type: row.data_type });
    if (row.key_position !== null) table.keys.push([row.key_position, row.column_name]);
    if (CURSOR_TYPES.test(row.data_type)) table.cursorCandidates.push(row.column_name);
  }
  return new Map(
    [...tables].map(([name, table]) => [
      name,
      {
        columns: table.columns,
        primaryKey: table.keys.length === 0 ? null : table.keys.sort(([a], [b]) => a - b).map(([, column]) => column),
        cursorCandidates: table.cursorCandidates,
      },
    ]),
  );
}

function reader(properties: PlainProperties, schema: string, table: string): ResourceReader {
  return {
    name: table,
    async *batches(signal, from?: ReadAfter) {
      const client = await connect(properties);
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await client.query("SET LOCAL TIME ZONE 'UTC'");
        const select = `SELECT * FROM ${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
        await client.query(
          `DECLARE flowdeck_cursor NO SCROLL CURSOR FOR ${from ? `${select} WHERE ${quoteIdentifier(from.cursorField)} > $1` : select}`,
          from ? [from.after] : [],
        );
        while (!signal.aborted) {
          const { rows } = await client.query<Record<string, unknown>>({ text: `FETCH ${String(BATCH_SIZE)} FROM flowdeck_cursor`, types: readTypes });
          if (rows.length === 0) break;
          yield rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, plainValue(value)])));
        }
        await client.query('COMMIT');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

export const postgresSource: SourceConnector = {
  checkTarget: checkPostgresTarget,
  /** Connects and lists the schema's tables, reading no rows. */
  verify: (properties, signal) =>
    verifyPostgres(properties, signal, async (client, schema, connected) => {
      const tables = await listTables(client, schema);
      if (tables.length === 0)
        return [connected, failure('tables', `User ${String(properties.user)} sees no table or view in schema ${schema}: a run would move nothing.`)];
      const views = tables.filter((table) => table.kind === 'view').length;
      return [connected, info('tables', `${String(tables.length - views)} tables and ${String(views)} views in schema ${schema}.`)];
    }),
  async discover(properties) {
    const schema = schemaOf(properties);
    const client = await connect(properties);
    try {
      const tables = await listTables(client, schema);
      const described = await describeTables(client, schema);
      return tables.map((table): DiscoveredItem => ({
        name: table.name,
        category: table.kind,
        notes: `${table.kind === 'view' ? 'View' : 'Table'} in schema ${schema}.`,
        ...(described.get(table.name) ?? { columns: [], primaryKey: null, cursorCandidates: [] }),
      }));
    } finally {
      await client.end().catch(() => undefined);
    }
  },
  async resources(properties) {
    const schema = schemaOf(properties);
    const client = await connect(properties);
    try {
      const tables = await listTables(client, schema);
      return tables.map((table) => reader(properties, schema, table.name));
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};
