import pg from 'pg';
import type { PlainProperties } from '../properties';
import { RefusedTarget } from '@/service-rules/errors';
import { checkPostgresTarget, connectPostgres, describePostgres, verifyPostgres } from './postgres-connection';
import { quoteIdentifier } from './schema';
import { type DiscoveredItem, failure, info, type ResourceReader, type Row, type SourceConnector } from './types';

// Reads every table and view of a schema through a server-side cursor, a batch at a time, inside a
// read-only transaction (one consistent snapshot per table, bounded memory).

const BATCH_SIZE = 5_000;

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

function reader(properties: PlainProperties, schema: string, table: string): ResourceReader {
  return {
    name: table,
    async *batches(signal) {
      const client = await connect(properties);
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await client.query(`DECLARE flowdeck_cursor NO SCROLL CURSOR FOR SELECT * FROM ${quoteIdentifier(schema)}.${quoteIdentifier(table)}`);
        while (!signal.aborted) {
          const { rows } = await client.query<Record<string, unknown>>(`FETCH ${String(BATCH_SIZE)} FROM flowdeck_cursor`);
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
    const schema = String(properties.schema ?? 'public');
    const client = await connect(properties);
    try {
      const tables = await listTables(client, schema);
      return tables.map((table): DiscoveredItem => ({
        name: table.name,
        category: table.kind,
        notes: `${table.kind === 'view' ? 'View' : 'Table'} in schema ${schema}.`,
      }));
    } finally {
      await client.end().catch(() => undefined);
    }
  },
  async resources(properties) {
    const schema = String(properties.schema ?? 'public');
    const client = await connect(properties);
    try {
      const tables = await listTables(client, schema);
      return tables.map((table) => reader(properties, schema, table.name));
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};
