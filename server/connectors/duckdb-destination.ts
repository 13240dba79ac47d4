import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { PlainProperties } from '../properties';
import { allowedPath } from '../security/file-roots';
import { analyze, type Column, type ColumnType, quoteIdentifier, tableName } from './schema';
import { type DestinationConnector, failure, info, type ResourceWriter, type Row } from './types';

// Loads each resource in one transaction: the target table is created or given the new columns,
// and rows go in through the DuckDB appender (its fastest path). A failed or cancelled resource rolls
// back, so the target never holds part of a load.

const DUCKDB_TYPES: Record<ColumnType, string> = { bigint: 'BIGINT', double: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMPTZ', text: 'VARCHAR' };

/** How to append into a column of this declared type (timestamps go in as ISO text, which DuckDB casts). */
function appendKind(declared: string): ColumnType {
  const type = declared.toUpperCase();
  if (/^(BIGINT|INTEGER|SMALLINT|TINYINT|HUGEINT|UBIGINT|UINTEGER|USMALLINT|UTINYINT)$/.test(type)) return 'bigint';
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL)/.test(type)) return 'double';
  if (type === 'BOOLEAN') return 'boolean';
  if (type.startsWith('TIMESTAMP') || type === 'DATE') return 'timestamp';
  return 'text';
}

/** The database file, resolved and inside an allowed folder. */
export function duckdbPath(properties: PlainProperties): Promise<string> {
  return allowedPath(String(properties.path ?? ''));
}

// A DuckDB file can be open in one process at a time. Instances are shared while in use and closed
// when the last connection is done, so the file is free for the user's own tools between runs.
// DuckDB's buffer pool defaults to 80% of RAM. Loads only stream appends (large transactions spill to
// the file and its .tmp folder), so a small pool keeps the service's memory flat: with it, a
// 10-million-row load stays under 300 MB peak RSS for the whole service (npm run bench:load).
const MEMORY_LIMIT = '64MB';
const open = new Map<string, { instance: Promise<DuckDBInstance>; users: number }>();

export interface DuckDbHandle {
  connection: DuckDBConnection;
  release: () => void;
}

export async function openDuckDb(path: string): Promise<DuckDbHandle> {
  await mkdir(dirname(path), { recursive: true });
  let entry = open.get(path);
  if (!entry) {
    entry = { instance: DuckDBInstance.create(path, { memory_limit: MEMORY_LIMIT }), users: 0 };
    open.set(path, entry);
  }
  entry.users += 1;
  const current = entry;
  try {
    const instance = await current.instance;
    const connection = await instance.connect();
    let released = false;
    return {
      connection,
      release() {
        if (released) return;
        released = true;
        connection.closeSync();
        current.users -= 1;
        if (current.users === 0) {
          open.delete(path);
          instance.closeSync();
        }
      },
    };
  } catch (error) {
    current.users -= 1;
    if (current.users === 0) open.delete(path);
    throw error;
  }
}

export function appendValue(appender: DuckDBAppender, type: ColumnType, value: Row[string] | undefined): void {
  if (value === null || value === undefined) appender.appendNull();
  else if (type === 'bigint') appender.appendBigInt(BigInt(Math.trunc(Number(value))));
  else if (type === 'double') appender.appendDouble(Number(value));
  else if (type === 'boolean') appender.appendBoolean(value === true || value === 'true');
  else appender.appendVarchar(typeof value === 'string' ? value : String(value));
}

async function openWriter(properties: PlainProperties, resource: string): Promise<ResourceWriter> {
  const { connection, release } = await openDuckDb(await duckdbPath(properties));
  const schemaName = String(properties.schema ?? 'main');
  const table = tableName(resource);
  const target = `${quoteIdentifier(schemaName)}.${quoteIdentifier(table)}`;
  let analyzed: Column[] = [];
  /** The target's columns in table order: the appender takes a value for each. */
  let targetColumns: { name: string; kind: ColumnType }[] = [];
  let appender: DuckDBAppender | null = null;
  let inTransaction = false;

  const closeAppender = () => {
    const current = appender;
    appender = null;
    current?.closeSync();
  };
  const readTargetColumns = async () => {
    const result = await connection.runAndReadAll(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [schemaName, table],
    );
    return result.getRows().map((row) => ({ name: String(row[0]), kind: appendKind(String(row[1])) }));
  };
  const prepareTarget = async (columns: Column[]) => {
    closeAppender();
    if (!inTransaction) {
      await connection.run('BEGIN TRANSACTION');
      inTransaction = true;
      await connection.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schemaName)}`);
      await connection.run(
        `CREATE TABLE IF NOT EXISTS ${target} (${columns.map((column) => `${quoteIdentifier(column.name)} ${DUCKDB_TYPES[column.type]}`).join(', ')})`,
      );
    }
    const have = new Set((await readTargetColumns()).map((column) => column.name));
    for (const column of columns.filter((candidate) => !have.has(candidate.name))) {
      await connection.run(`ALTER TABLE ${target} ADD COLUMN ${quoteIdentifier(column.name)} ${DUCKDB_TYPES[column.type]}`);
    }
    targetColumns = await readTargetColumns();
  };
  const rollback = async () => {
    try {
      closeAppender();
    } catch {
      // the appender may already be broken by the error that brought us here
    }
    if (inTransaction) await connection.run('ROLLBACK').catch(() => undefined);
    inTransaction = false;
  };

  return {
    async write(rows) {
      const next = analyze(analyzed, rows);
      if (next.length !== analyzed.length) {
        await prepareTarget(next);
        analyzed = next;
      }
      appender ??= await connection.createAppender(table, schemaName);
      for (const row of rows) {
        for (const column of targetColumns) appendValue(appender, column.kind, row[column.name]);
        appender.endRow();
      }
    },
    async commit() {
      try {
        closeAppender();
        if (inTransaction) await connection.run('COMMIT');
        inTransaction = false;
      } catch (error) {
        await rollback();
        throw error;
      } finally {
        release();
      }
    },
    async abort() {
      await rollback();
      release();
    },
  };
}

export const duckdbDestination: DestinationConnector = {
  async checkTarget(properties) {
    if (properties.path !== undefined) await duckdbPath(properties);
  },
  async verify(properties) {
    let path: string;
    try {
      path = await duckdbPath(properties);
    } catch (error) {
      return [failure('connection', (error as Error).message)];
    }
    try {
      const { connection, release } = await openDuckDb(path);
      try {
        await connection.run('CREATE TEMP TABLE _flowdeck_verify (ok BOOLEAN)');
        await connection.run('INSERT INTO _flowdeck_verify VALUES (true)');
        await connection.run('DROP TABLE _flowdeck_verify');
        const schema = String(properties.schema ?? 'main');
        await connection.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
        return [info('connection', `Opened ${path}.`), info('schema', `Schema ${schema} is writable.`)];
      } finally {
        release();
      }
    } catch (error) {
      return [failure('connection', `Cannot open ${path}: ${(error as Error).message}`)];
    }
  },
  open: openWriter,
};

/** For tests and benchmarks: removes a DuckDB file and its write-ahead log. */
export async function removeDuckDbFile(path: string): Promise<void> {
  await rm(path, { force: true });
  await rm(`${path}.wal`, { force: true });
}
