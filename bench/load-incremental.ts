// The incremental case of npm run bench:load: a 1,000,000-row Postgres table of which 1% changed since
// the last run, kept one row per key (merge) in Postgres and in DuckDB. Flowdeck's path is the postgres
// source's reader (reading the rows after the saved cursor) and the destination's merge, the cursor
// tracked as the runner tracks it; the floor is the same work by the drivers alone: one
// `SELECT … WHERE updated_at > $1`, then the same upsert (COPY or appender into a staging table, then
// INSERT … ON CONFLICT, or DuckDB's delete of the keys and insert of the newest row of each).
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ChunkAppender, fieldColumns } from '../server/connectors/duckdb-append';
import { duckdbDestination } from '../server/connectors/duckdb-destination';
import { copyLine, postgresDestination } from '../server/connectors/postgres-destination';
import { postgresSource } from '../server/connectors/postgres-source';
import { analyze } from '../server/connectors/schema';
import type { Column, DestinationConnector, LoadTarget, Row } from '../server/connectors/types';
import { type CursorValue, laterCursor } from '../src/service-rules/cursor-order';

type Properties = Record<string, string | number | boolean>;

export const SOURCE_ROWS = Number(process.env.BENCH_INCREMENTAL_ROWS ?? 1_000_000);
const CHANGED_SHARE = 100; // one row in a hundred changes between runs
const COLUMNS = ['id', 'customer_id', 'product_id', 'quantity', 'status', 'updated_at'];
const UPDATES = COLUMNS.filter((name) => name !== 'id');

let loads = 0;
const targetOf = (namespace: string, table: string, write: LoadTarget['write']): LoadTarget => {
  loads += 1;
  return {
    flowId: 1,
    attemptId: loads,
    loadId: `bench-incremental-${String(loads)}`,
    resource: table,
    namespace,
    table,
    write,
    primaryKey: ['id'],
    cursorField: 'updated_at',
    generation: 0,
    extractedAt: new Date(),
    schemaChanges: 'propagate',
    knownColumns: null,
  };
};

async function query(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<pg.QueryResultRow>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The source table: SOURCE_ROWS orders, updated_at indexed (as a table read incrementally is). */
async function createSource(url: string): Promise<void> {
  await query(
    url,
    `CREATE SCHEMA bench;
     CREATE TABLE bench.orders (id bigint PRIMARY KEY, customer_id bigint, product_id bigint, quantity bigint, status text, updated_at timestamptz NOT NULL);
     INSERT INTO bench.orders SELECT n, n % 5000, n % 300, 1 + n % 4, (ARRAY['placed','paid','shipped','delivered'])[1 + n % 4],
       timestamptz '2026-01-01 00:00:00+00' + (n % 86400) * interval '1 second' FROM generate_series(1, ${String(SOURCE_ROWS)}) AS n;
     CREATE INDEX orders_updated_at ON bench.orders (updated_at);
     ANALYZE bench.orders;`,
  );
}

/** Changes 1% of the rows, each now newer than `cursor`; the view is what a read after `cursor` sees. */
async function changeRows(url: string, round: number, cursor: string): Promise<void> {
  await query(
    url,
    `UPDATE bench.orders SET quantity = quantity + 1, status = 'changed ${String(round)}', updated_at = $1::timestamptz + (id % 1000) * interval '1 millisecond'
      WHERE id % ${String(CHANGED_SHARE)} = ${String(round % CHANGED_SHARE)}`,
    [new Date(Date.parse(cursor) + 1000).toISOString()],
  );
  await query(url, `CREATE OR REPLACE VIEW bench.orders_after AS SELECT * FROM bench.orders WHERE updated_at > '${cursor}'::timestamptz`);
}

/** Flowdeck's path: the postgres source's reader of the rows after the cursor, into the destination's merge. Returns seconds and the new cursor. */
async function flowdeckRun(
  sourceProperties: Properties,
  connector: DestinationConnector,
  properties: Properties,
  cursor: string,
  write: LoadTarget['write'] = 'merge',
) {
  const started = performance.now();
  const signal = new AbortController().signal;
  const reader = (await postgresSource.resources(sourceProperties, signal)).find((resource) => resource.name === 'orders_after');
  if (!reader) throw new Error('The source has no orders_after view.');
  const writer = await connector.open(properties, targetOf('flowdeck', 'orders', write));
  let next: CursorValue = cursor;
  let written = 0;
  for await (const rows of reader.batches(signal)) {
    for (const row of rows) next = laterCursor(next, row.updated_at ?? null);
    await writer.write(rows);
    written += rows.length;
  }
  const record = await writer.commit({ cursor: next, rowsWritten: written });
  return { seconds: (performance.now() - started) / 1000, cursor: String(next), kept: record.rows };
}

/** The rows after the cursor by the driver alone: one query. */
async function bareRead(sourceUrl: string, cursor: string): Promise<{ rows: Row[]; columns: Column[] }> {
  const client = new pg.Client({ connectionString: sourceUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Row>(`SELECT ${COLUMNS.join(', ')} FROM bench.orders WHERE updated_at > $1`, [cursor]);
    const plain = rows.map((row) => ({ ...row, updated_at: (row.updated_at as unknown as Date).toISOString() }));
    return { rows: plain, columns: analyze(plain.slice(0, 1)) };
  } finally {
    await client.end();
  }
}

async function barePostgres(sourceUrl: string, targetUrl: string, cursor: string): Promise<number> {
  const started = performance.now();
  const { rows, columns } = await bareRead(sourceUrl, cursor);
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('CREATE TEMP TABLE stage (LIKE bare.orders) ON COMMIT DROP');
    const stream = client.query(copyFrom(`COPY stage (${COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
    const done = new Promise((resolveDone, reject) => {
      stream.on('finish', resolveDone);
      stream.on('error', reject);
    });
    stream.end(rows.map((row) => copyLine(columns, row)).join(''));
    await done;
    await client.query(
      `INSERT INTO bare.orders (${COLUMNS.join(', ')}) SELECT DISTINCT ON (id) ${COLUMNS.join(', ')} FROM stage ORDER BY id, updated_at DESC
       ON CONFLICT (id) DO UPDATE SET ${UPDATES.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}`,
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

async function bareDuckDb(sourceUrl: string, path: string, cursor: string): Promise<number> {
  const started = performance.now();
  const { rows, columns } = await bareRead(sourceUrl, cursor);
  const instance = await DuckDBInstance.create(path, { memory_limit: '64MB' });
  const connection = await instance.connect();
  try {
    await connection.run('BEGIN TRANSACTION');
    await connection.run(`CREATE TABLE bare.stage AS SELECT ${COLUMNS.join(', ')} FROM bare.orders LIMIT 0`);
    const appender = await connection.createAppender('stage', 'bare');
    new ChunkAppender(appender, fieldColumns(columns)).append(rows);
    appender.closeSync();
    await connection.run('DELETE FROM bare.orders AS t USING (SELECT DISTINCT id FROM bare.stage) AS s WHERE t.id = s.id');
    await connection.run(
      `INSERT INTO bare.orders (${COLUMNS.join(', ')}) SELECT ${COLUMNS.join(', ')} FROM bare.stage QUALIFY row_number() OVER (PARTITION BY id ORDER BY updated_at DESC) = 1`,
    );
    await connection.run('DROP TABLE bare.stage');
    await connection.run('COMMIT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return (performance.now() - started) / 1000;
}

/** The checksum both copies of the table must agree on after each round. */
const CHECK = 'SELECT count(*) AS n, sum(quantity) AS q, count(DISTINCT status) AS s FROM';

async function duckCheck(path: string, table: string): Promise<string> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    return JSON.stringify((await connection.runAndReadAll(`${CHECK} ${table}`)).getRows(), (_key, value: unknown) =>
      typeof value === 'bigint' ? Number(value) : value,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export interface IncrementalResult {
  label: string;
  flowdeck: number;
  bare: number;
  changed: number;
}

/**
 * Loads the whole table once into each destination (Flowdeck's copy by a replace, as a first run
 * does; the floor's a copy of it), then `rounds` times changes 1% of the rows and merges them by both paths.
 */
export async function benchIncremental(
  serverUrl: string,
  pgProperties: (database: string, schema: string) => Properties,
  duckPath: string,
  rounds: number,
): Promise<IncrementalResult[]> {
  const sourceUrl = new URL(serverUrl);
  const targetUrl = new URL(serverUrl);
  await query(serverUrl, 'CREATE DATABASE bench_source');
  await query(serverUrl, 'CREATE DATABASE bench_target');
  sourceUrl.pathname = '/bench_source';
  targetUrl.pathname = '/bench_target';
  await createSource(sourceUrl.toString());
  await query(sourceUrl.toString(), 'CREATE VIEW bench.orders_after AS SELECT * FROM bench.orders');
  const sourceProperties = pgProperties('bench_source', 'bench');
  const destinations = [
    { label: 'Postgres', connector: postgresDestination, properties: pgProperties('bench_target', 'public') },
    { label: 'DuckDB', connector: duckdbDestination, properties: { path: duckPath } },
  ];

  let cursor = '';
  for (const { connector, properties } of destinations) {
    const first = await flowdeckRun(sourceProperties, connector, properties, '', 'replace');
    cursor = first.cursor;
  }
  // Flowdeck's first run replaced the (missing) table, keeping one row per key: the floor starts from a copy.
  await query(
    targetUrl.toString(),
    'CREATE SCHEMA bare; CREATE TABLE bare.orders AS SELECT * FROM flowdeck.orders; ALTER TABLE bare.orders ADD PRIMARY KEY (id); ANALYZE bare.orders;',
  );
  {
    const instance = await DuckDBInstance.create(duckPath);
    const connection = await instance.connect();
    await connection.run('CREATE SCHEMA bare; CREATE TABLE bare.orders AS SELECT * FROM flowdeck.orders');
    connection.closeSync();
    instance.closeSync();
  }

  const results = destinations.map(({ label }) => ({ label, flowdeck: Infinity, bare: Infinity, changed: 0 }));
  for (let round = 1; round <= rounds; round += 1) {
    await changeRows(sourceUrl.toString(), round, cursor);
    let next = cursor;
    for (const [index, { connector, properties }] of destinations.entries()) {
      const result = results[index];
      if (!result) continue;
      const bare = () => (index === 0 ? barePostgres(sourceUrl.toString(), targetUrl.toString(), cursor) : bareDuckDb(sourceUrl.toString(), duckPath, cursor));
      // Alternate which path goes first, so neither always finds the caches warm.
      const bareFirst = round % 2 === 0;
      const bareSeconds = bareFirst ? await bare() : 0;
      const run = await flowdeckRun(sourceProperties, connector, properties, cursor);
      result.flowdeck = Math.min(result.flowdeck, run.seconds);
      result.bare = Math.min(result.bare, bareFirst ? bareSeconds : await bare());
      result.changed = run.kept;
      next = run.cursor;
    }
    cursor = next;
  }
  const [pgFlowdeck, pgBare] = await Promise.all(
    ['flowdeck.orders', 'bare.orders'].map(async (table) => JSON.stringify(await query(targetUrl.toString(), `${CHECK} ${table}`))),
  );
  const [duckFlowdeck, duckBare] = [await duckCheck(duckPath, 'flowdeck.orders'), await duckCheck(duckPath, 'bare.orders')];
  if (pgFlowdeck !== pgBare || duckFlowdeck !== duckBare)
    throw new Error(`The two paths disagree: ${String(pgFlowdeck)} / ${String(pgBare)}, ${duckFlowdeck} / ${duckBare}`);
  return results;
}
