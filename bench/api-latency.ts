// npm run bench:api — latency of GET /v2/flows on the real service with 10,000 flows and 50
// concurrent clients. Starts the service in-process on a fresh embedded Postgres in a temporary
// folder, fills it, measures, prints p50/p99, and removes everything. Figures, not assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { startService } from '../server/start';

const FLOWS = 10_000;
const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;
const KEY = 'flowdeck-demo-key';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(url: string, path: string) {
  const timings: number[] = [];
  const client = async () => {
    for (let i = 0; i < REQUESTS_PER_CLIENT; i += 1) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${KEY}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
      timings.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99), rps: timings.length / seconds, count: timings.length };
}

const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-'));
const config = { ...readConfig({}), dataDir, port: 0, staticDir: null, demo: true, logLevel: 'silent' };
const service = await startService(config, createLogger('silent'));
try {
  const pool = service.pool;
  if (!pool) throw new Error('The service has no database.');
  await pool.query(
    `INSERT INTO flows (display_name, source_id, destination_id, frequency, cron)
     SELECT 'Bench flow ' || n, 1, 1, CASE WHEN n % 3 = 0 THEN NULL ELSE '6h' END, CASE WHEN n % 3 = 0 THEN '0 * * * *' ELSE NULL END
     FROM generate_series(1, $1) AS n`,
    [FLOWS - 6],
  );
  const { rows } = await pool.query<{ n: number }>('SELECT count(*) AS n FROM flows');
  console.log(
    `GET /v2/flows with ${String(rows[0]?.n)} flows, ${String(CLIENTS)} concurrent clients, ${String(CLIENTS * REQUESTS_PER_CLIENT)} requests each row, ${String(availableParallelism())} cores:`,
  );
  await measure(service.url, '/v2/flows?limit=10'); // warm-up
  for (const path of ['/v2/flows', '/v2/flows?limit=1000', '/v2/flows?limit=100&offset=9900']) {
    const { p50, p99, rps, count } = await measure(service.url, path);
    console.log(
      `  ${path.padEnd(34)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   ${rps.toFixed(0).padStart(5)} req/s   (${String(count)} requests)`,
    );
  }
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
