import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBTimestampTZValue } from '@duckdb/node-api';
import { duckdbDestination, openDuckDb } from '../connectors/duckdb-destination';
import { filesDestination } from '../connectors/files-destination';
import { postgresDestination } from '../connectors/postgres-destination';
import type { DestinationConnector, LoadRecord, LoadTarget, Row, WriteMode } from '../connectors/types';
import { enterBoundary } from '../security/boundary';
import { createExternalDatabase, postgresProperties, sql } from './connector-fixtures';
import type { TestDatabase } from './harness';

// The three destinations driven directly, as the runner drives them: a Postgres database on the
// "external" test server, DuckDB files and a folder in a temporary directory (allowed to connectors
// by a boundary of their own, as a running service would allow its files folder).

export type Kind = 'postgres' | 'duckdb' | 'files';
export const KINDS: readonly Kind[] = ['postgres', 'duckdb', 'files'];
export const CONNECTORS: Record<Kind, DestinationConnector> = { postgres: postgresDestination, duckdb: duckdbDestination, files: filesDestination };
/** The write modes each destination takes. */
export const WRITES: Record<Kind, readonly WriteMode[]> = {
  postgres: ['replace', 'append', 'merge'],
  duckdb: ['replace', 'append', 'merge'],
  files: ['replace', 'append'],
};

/** What a test reads back of a row: its values and the attempt that wrote it. */
export interface Kept {
  id: number;
  name: string | null;
  seq: number;
  attempt: number;
  /** _flowdeck_extracted_at, in epoch milliseconds. */
  extracted: number;
}

export interface Destinations {
  folder: string;
  database: TestDatabase;
  properties: (kind: Kind, file?: string) => Record<string, string | number | boolean>;
  stop: () => Promise<void>;
}

export async function startDestinations(): Promise<Destinations> {
  const folder = mkdtempSync(join(tmpdir(), 'flowdeck-destinations-'));
  const leave = enterBoundary({
    dataDir: join(folder, 'data'),
    fileRoots: [folder],
    listen: { host: '127.0.0.1', port: 1 },
    database: null,
    connectorAllow: [],
  });
  const database = await createExternalDatabase();
  return {
    folder,
    database,
    properties: (kind, file = 'warehouse') =>
      kind === 'postgres'
        ? postgresProperties(database.url)
        : kind === 'duckdb'
          ? { path: join(folder, `${file}.duckdb`) }
          : { bucket_url: join(folder, file), format: 'jsonl' },
    stop: async () => {
      leave();
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

let loads = 0;

/** A load's target with the usual settings; each call a new load id. */
export function targetOf(namespace: string, table: string, write: WriteMode, changes: Partial<LoadTarget> = {}): LoadTarget {
  loads += 1;
  return {
    flowId: 1,
    attemptId: loads,
    loadId: `load-${String(loads)}-${String(process.pid)}`,
    resource: table,
    namespace,
    table,
    write,
    primaryKey: write === 'append' ? null : ['id'],
    cursorField: 'seq',
    generation: 0,
    extractedAt: new Date(Date.UTC(2026, 2, 1, 12, 0, loads)),
    schemaChanges: 'propagate',
    knownColumns: null,
    ...changes,
  };
}

/** Opens a load, writes `batches` and commits it, as a run does. */
export async function load(connector: DestinationConnector, properties: Record<string, string | number | boolean>, target: LoadTarget, batches: Row[][]) {
  const writer = await connector.open(properties, target);
  try {
    let written = 0;
    for (const rows of batches) {
      await writer.write(rows);
      written += rows.length;
    }
    return await writer.commit({ cursor: batches.flat().length, rowsWritten: written });
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

const byKey = (a: Kept, b: Kept) => a.id - b.id || a.seq - b.seq || a.attempt - b.attempt;

function millisOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (value instanceof DuckDBTimestampTZValue) return Number(value.micros / 1000n);
  return Date.parse(String(value));
}

function keptOf(row: Record<string, unknown>): Kept {
  return {
    id: Number(row.id),
    name: typeof row.name === 'string' ? row.name : null,
    seq: Number(row.seq),
    attempt: Number(row._flowdeck_attempt_id),
    extracted: millisOf(row._flowdeck_extracted_at),
  };
}

/** Runs a query on a DuckDB file the way the destination opens it (one instance per file in a process). */
export async function duckRows(path: string, text: string): Promise<Record<string, unknown>[]> {
  const { connection, release } = await openDuckDb(path);
  try {
    return (await connection.runAndReadAll(text)).getRowObjects();
  } finally {
    release();
  }
}

const jsonLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Every row of a table (null when it does not exist), in key order. */
export async function tableRows(destinations: Destinations, kind: Kind, namespace: string, table: string, file?: string): Promise<Kept[] | null> {
  let rows: Record<string, unknown>[];
  if (kind === 'postgres') {
    const [found] = await sql<{ ok: boolean }>(destinations.database.url, 'SELECT to_regclass($1) IS NOT NULL AS ok', [`"${namespace}"."${table}"`]);
    if (found?.ok !== true) return null;
    rows = await sql(destinations.database.url, `SELECT * FROM "${namespace}"."${table}"`);
  } else if (kind === 'duckdb') {
    const path = String(destinations.properties('duckdb', file).path);
    const found = await duckRows(path, `SELECT 1 FROM duckdb_tables() WHERE schema_name = '${namespace}' AND table_name = '${table}'`);
    if (found.length === 0) return null;
    rows = await duckRows(path, `SELECT * FROM "${namespace}"."${table}"`);
  } else {
    const folder = join(String(destinations.properties('files', file).bucket_url), namespace);
    const files = [
      ...safeList(folder)
        .filter((name) => name === `${table}.jsonl`)
        .map((name) => join(folder, name)),
      ...safeList(join(folder, table))
        .filter((name) => name.endsWith('.jsonl') && !name.startsWith('.'))
        .map((name) => join(folder, table, name)),
    ];
    if (files.length === 0) return null;
    rows = files.flatMap(jsonLines);
  }
  return rows.map(keptOf).sort(byKey);
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** What a load could leave behind: staging tables, temporary files. */
export async function leftovers(destinations: Destinations, kind: Kind, namespace: string, file?: string): Promise<string[]> {
  if (kind === 'postgres') {
    const rows = await sql<{ name: string }>(
      destinations.database.url,
      "SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname LIKE '\\_flowdeck\\_stage\\_%'",
    );
    return rows.map((row) => row.name);
  }
  if (kind === 'duckdb') {
    const rows = await duckRows(
      String(destinations.properties('duckdb', file).path),
      "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE '\\_flowdeck\\_stage\\_%' ESCAPE '\\'",
    );
    return rows.map((row) => String(row.table_name));
  }
  const walk = (folder: string): string[] =>
    safeList(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(join(String(destinations.properties('files', file).bucket_url), namespace)).filter((path) => path.endsWith('.partial'));
}

/** The record as it reads back (dates compared as instants). */
export const recordShape = (record: LoadRecord | null) => (record ? { ...record, committedAt: record.committedAt.getTime() } : null);
