// npm run bench:load — rows per second of real runs (sample → DuckDB, sample → Postgres) through the
// service, next to the same rows loaded by each driver's fastest path (DuckDB appender, Postgres COPY)
// in the same process, and the peak RSS of the runs. BENCH_ROWS sets the row count (default 1,000,000);
// `npm run bench:load:10m` loads 10 million rows and checks the 300 MB budget too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { filesFolder, readConfig } from '../server/config';
import { appendValue } from '../server/connectors/duckdb-destination';
import { copyLine } from '../server/connectors/postgres-destination';
import { sampleSource } from '../server/connectors/sample-source';
import { analyze } from '../server/connectors/schema';
import type { Column, Row } from '../server/connectors/types';
import { createLogger } from '../server/logger';
import { startScratchPostgres } from '../server/db/scratch-postgres';
import { startService } from '../server/start';
import { insertApiKey } from '../server/store/api-keys';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const KEY = 'bench-key';
const SAMPLE = { seed: 11, row_count: ROWS };
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);

const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-load-'));
const service = await startService(
  { ...readConfig({ FLOWDECK_DATA_DIR: dataDir }), port: 0, staticDir: null, demo: false, logLevel: 'silent' },
  createLogger('silent'),
);
// Connectors may not touch the service's own database: the Postgres destination is a second server.
const target = await startScratchPostgres('bench-target');
const filesDir = filesFolder(dataDir);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${service.url}${path}`, { ...init, headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' } });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body;
}

/** A real run through the API; returns seconds from the run's creation to its completion. */
async function runFlow(destination: { destinationSpec: string; properties: Record<string, unknown> }): Promise<number> {
  const source = await api<{ data: { id: number } }>('/v2/sources', {
    method: 'POST',
    body: JSON.stringify({ sourceSpec: 'sample', displayName: 'Bench', properties: SAMPLE }),
  });
  const target = await api<{ data: { id: number } }>('/v2/destinations', { method: 'POST', body: JSON.stringify({ displayName: 'Bench', ...destination }) });
  const flow = await api<{ data: { id: number } }>('/v2/flows', {
    method: 'POST',
    body: JSON.stringify({ displayName: 'Bench', source: source.data.id, destination: target.data.id }),
  });
  await api(`/v2/flows/${String(flow.data.id)}/run`, { method: 'POST' });
  for (;;) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    // The hosted shape, unwrapped and UPPERCASE; the attempt (for its createdAt) is Flowdeck's field beside it.
    const status = await api<{
      lifecycle: string;
      disposition: string;
      errors: string[] | null;
      completedAt: string | null;
      lastAttempt: { createdAt: string };
    }>(`/v2/flows/${String(flow.data.id)}/status`);
    if (status.lifecycle === 'NOT_RUNNING') {
      if (status.disposition !== 'SUCCEEDED') throw new Error(`Run failed: ${(status.errors ?? []).join('; ')}`);
      return (Date.parse(status.completedAt ?? '') - Date.parse(status.lastAttempt.createdAt)) / 1000;
    }
  }
}

async function* sampleBatches(): AsyncGenerator<{ table: string; rows: Row[] }> {
  for (const resource of await sampleSource.resources(SAMPLE, new AbortController().signal)) {
    for await (const rows of resource.batches(new AbortController().signal)) yield { table: resource.name, rows };
  }
}

/** The same rows straight into DuckDB with the appender: one table per resource, types from the first batch. */
async function bareDuckDb(path: string): Promise<number> {
  const started = performance.now();
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  const columns = new Map<string, Column[]>();
  let appender: Awaited<ReturnType<typeof connection.createAppender>> | null = null;
  let current = '';
  for await (const { table, rows } of sampleBatches()) {
    if (table !== current) {
      appender?.closeSync();
      const known = analyze(rows);
      columns.set(table, known);
      const types = { bigint: 'BIGINT', double: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMPTZ', text: 'VARCHAR' } as const;
      await connection.run(`CREATE TABLE ${table} (${known.map((column) => `${column.name} ${types[column.type]}`).join(', ')})`);
      appender = await connection.createAppender(table);
      current = table;
    }
    const known = columns.get(table) ?? [];
    const active = appender;
    if (!active) continue;
    for (const row of rows) {
      for (const column of known) appendValue(active, column.type, row[column.name]);
      active.endRow();
    }
  }
  appender?.closeSync();
  connection.closeSync();
  instance.closeSync();
  return (performance.now() - started) / 1000;
}

/** The same rows straight into Postgres with one COPY per table. */
async function barePostgres(config: pg.ClientConfig, schema: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client(config);
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  let stream: ReturnType<typeof copyFrom> | null = null;
  let current = '';
  let known: Column[] = [];
  const finish = async () => {
    if (!stream) return;
    const done = new Promise((resolveDone, reject) => {
      stream?.on('finish', resolveDone);
      stream?.on('error', reject);
    });
    stream.end();
    await done;
  };
  for await (const { table, rows } of sampleBatches()) {
    if (table !== current) {
      await finish();
      known = analyze(rows);
      const types = { bigint: 'BIGINT', double: 'DOUBLE PRECISION', boolean: 'BOOLEAN', timestamp: 'TIMESTAMPTZ', text: 'TEXT' } as const;
      await client.query(`CREATE TABLE ${schema}.${table} (${known.map((column) => `${column.name} ${types[column.type]}`).join(', ')})`);
      stream = client.query(copyFrom(`COPY ${schema}.${table} FROM STDIN WITH (FORMAT csv)`));
      current = table;
    }
    let chunk = '';
    for (const row of rows) chunk += copyLine(known, row);
    if (!stream?.write(chunk)) await new Promise((resolveDrain) => stream?.once('drain', resolveDrain));
  }
  await finish();
  await client.end();
  return (performance.now() - started) / 1000;
}

const line = (label: string, flowdeck: number, bare: number) =>
  `  ${label.padEnd(20)} Flowdeck ${(ROWS / flowdeck).toFixed(0).padStart(8)} rows/s   bare driver ${(ROWS / bare).toFixed(0).padStart(8)} rows/s   ratio ${(bare / flowdeck).toFixed(2)}`;

try {
  const pool = service.pool;
  if (!pool || !service.databaseUrl) throw new Error('The service has no database.');
  await insertApiKey(pool, KEY, 'team', 'bench');
  const targetUrl = new URL(target.url);
  const pgProperties = {
    host: targetUrl.hostname,
    port: Number(targetUrl.port),
    database: 'postgres',
    user: decodeURIComponent(targetUrl.username),
    password: decodeURIComponent(targetUrl.password),
    schema: 'flowdeck',
  };

  console.log(`Loading ${ROWS.toLocaleString('en')} sample rows (customers, products, orders) per path, best of ${String(REPEATS)} alternating runs:`);
  let duckFlowdeck = Infinity,
    duckBare = Infinity,
    pgFlowdeck = Infinity,
    pgBare = Infinity,
    duckPeak = 0,
    pgPeak = 0;
  for (let round = 1; round <= REPEATS; round += 1) {
    peakRss = 0;
    duckFlowdeck = Math.min(
      duckFlowdeck,
      await runFlow({ destinationSpec: 'duckdb', properties: { path: join(filesDir, `flowdeck-${String(round)}.duckdb`) } }),
    );
    duckPeak = Math.max(duckPeak, peakRss);
    duckBare = Math.min(duckBare, await bareDuckDb(join(filesDir, `bare-${String(round)}.duckdb`)));
    peakRss = 0;
    pgFlowdeck = Math.min(pgFlowdeck, await runFlow({ destinationSpec: 'postgres', properties: { ...pgProperties, schema: `flowdeck_${String(round)}` } }));
    pgPeak = Math.max(pgPeak, peakRss);
    pgBare = Math.min(pgBare, await barePostgres({ ...pgProperties }, `bare_${String(round)}`));
  }
  console.log(line('sample → DuckDB', duckFlowdeck, duckBare));
  console.log(line('sample → Postgres', pgFlowdeck, pgBare));
  console.log(
    `  peak RSS of the bench process during the runs: DuckDB ${(duckPeak / 2 ** 20).toFixed(0)} MB, Postgres ${(pgPeak / 2 ** 20).toFixed(0)} MB (the service runs in this process)`,
  );
  // The issue's budgets: ratio at least 0.7 to the bare driver; under 300 MB peak RSS for 10 million rows.
  const verdicts = [
    ['DuckDB ratio ≥ 0.7', duckBare / duckFlowdeck >= 0.7],
    ['Postgres ratio ≥ 0.7', pgBare / pgFlowdeck >= 0.7],
    ...(ROWS >= 10_000_000 ? [['peak RSS < 300 MB at 10M rows', Math.max(duckPeak, pgPeak) < 300 * 2 ** 20] as const] : []),
  ] as const;
  for (const [budget, met] of verdicts) console.log(`  budget ${budget}: ${met ? 'met' : 'MISSED'}`);
  if (verdicts.some(([, met]) => !met)) process.exitCode = 1;
  console.log("  Flowdeck times run from the attempt's creation to its completion (queue pickup and transaction commit included).");
} finally {
  clearInterval(sampler);
  await service.stop();
  await target.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
