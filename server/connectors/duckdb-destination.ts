import { mkdir, rm } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { PlainProperties } from '../properties';
import { analyze, type Column, type ColumnType, quoteIdentifier, tableName } from './schema';
import { type DestinationConnector, failure, info, type ResourceWriter, type Row } from './types';

// Loads each resource through the DuckDB appender into a staging table, then, in one transaction,
// creates or evolves the target table and moves the rows over. A failed or cancelled resource
// drops its staging table and leaves the target as it was.

const DUCKDB_TYPES: Record<ColumnType, string> = { bigint: 'BIGINT', double: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMPTZ', text: 'VARCHAR' };
// Timestamps are appended as text and cast when moved to the target, where a bad value fails the resource.
const STAGING_TYPES: Record<ColumnType, string> = { ...DUCKDB_TYPES, timestamp: 'VARCHAR' };

export function duckdbPath(properties: PlainProperties): string {
  const path = String(properties.path ?? '');
  return isAbsolute(path) ? path : resolve(path);
}

// A DuckDB file can be open in one process at a time. Instances are shared while in use and closed
// when the last connection is done, so the file is free for the user's own tools between runs.
const open = new Map<string, { instance: Promise<DuckDBInstance>; users: number }>();

export interface DuckDbHandle {
  connection: DuckDBConnection;
  release: () => void;
}

export async function openDuckDb(path: string): Promise<DuckDbHandle> {
  await mkdir(dirname(path), { recursive: true });
  let entry = open.get(path);
  if (!entry) {
    entry = { instance: DuckDBInstance.create(path), users: 0 };
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

async function openWriter(properties: PlainProperties, resource: string, loadId: string): Promise<ResourceWriter> {
  const { connection, release } = await openDuckDb(duckdbPath(properties));
  const schema = quoteIdentifier(String(properties.schema ?? 'main'));
  const target = `${schema}.${quoteIdentifier(tableName(resource))}`;
  const stagingName = `_flowdeck_stage_${tableName(resource)}_${loadId.replace(/\W/g, '_')}`.slice(0, 120);
  const staging = `${schema}.${quoteIdentifier(stagingName)}`;
  await connection.run(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  let columns: Column[] = [];
  let appender: DuckDBAppender | null = null;
  const close = () => {
    if (appender) appender.closeSync();
    appender = null;
  };
  return {
    async write(rows) {
      const next = analyze(columns, rows);
      if (next.length !== columns.length) {
        close();
        if (columns.length === 0) {
          await connection.run(`CREATE TABLE ${staging} (${next.map((column) => `${quoteIdentifier(column.name)} ${STAGING_TYPES[column.type]}`).join(', ')})`);
        } else {
          for (const column of next.slice(columns.length)) await connection.run(`ALTER TABLE ${staging} ADD COLUMN ${quoteIdentifier(column.name)} ${STAGING_TYPES[column.type]}`);
        }
        columns = next;
      }
      appender ??= await connection.createAppender(stagingName, String(properties.schema ?? 'main'));
      for (const row of rows) {
        for (const column of columns) appendValue(appender, column.type, row[column.name]);
        appender.endRow();
      }
    },
    async commit() {
      close();
      if (columns.length === 0) {
        release();
        return;
      }
      await connection.run('BEGIN TRANSACTION');
      try {
        await connection.run(`CREATE TABLE IF NOT EXISTS ${target} (${columns.map((column) => `${quoteIdentifier(column.name)} ${DUCKDB_TYPES[column.type]}`).join(', ')})`);
        const existing = await connection.runAndReadAll(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`, [
          String(properties.schema ?? 'main'),
          tableName(resource),
        ]);
        const have = new Set(existing.getRows().map((row) => String(row[0])));
        for (const column of columns.filter((candidate) => !have.has(candidate.name))) {
          await connection.run(`ALTER TABLE ${target} ADD COLUMN ${quoteIdentifier(column.name)} ${DUCKDB_TYPES[column.type]}`);
        }
        const select = columns.map((column) => (column.type === 'timestamp' ? `CAST(${quoteIdentifier(column.name)} AS TIMESTAMPTZ) AS ${quoteIdentifier(column.name)}` : quoteIdentifier(column.name)));
        await connection.run(`INSERT INTO ${target} BY NAME SELECT ${select.join(', ')} FROM ${staging}`);
        await connection.run(`DROP TABLE ${staging}`);
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK').catch(() => undefined);
        await connection.run(`DROP TABLE IF EXISTS ${staging}`).catch(() => undefined);
        throw error;
      } finally {
        release();
      }
    },
    async abort() {
      try {
        close();
      } catch {
        // the appender may already be broken by the error that brought us here
      }
      await connection.run(`DROP TABLE IF EXISTS ${staging}`).catch(() => undefined);
      release();
    },
  };
}

export const duckdbDestination: DestinationConnector = {
  async verify(properties) {
    const path = duckdbPath(properties);
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
