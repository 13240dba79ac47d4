// npm run bench:soak — the service for SOAK_MINUTES (30 by default) as a bad month would treat it: flows
// running on schedules every minute, 50 clients reading GET /v2/flows, and its Postgres crashed and
// restarted every 5 minutes. Prints per minute the p99 of GET /v2/flows and the service's RSS.
// Fails (exit 1) on any exit of the service, any row lost or written twice (the rows in the destination's
// files against the attempts' `loaded` counts), an attempt left running, or RSS growing more than 10%
// from minute 5 to the end. Not part of `npm test`.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { insertApiKey, newApiKey } from '../server/store/api-keys';
import { startChildService } from '../server/test/child-service';
import { startFaultyPostgres } from '../server/test/faulty-postgres';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RESTART_EVERY_MIN = 5;
const CLIENTS = 50;
const CLIENT_PAUSE_MS = 250;
const FLOWS = 6;
const ROWS_PER_RUN = 3_000;
const RSS_GROWTH_BUDGET = 0.1;
const SAMPLE_RESOURCES = ['customers', 'products', 'orders'];

const sleep = (ms: number) => new Promise((resolveWait) => setTimeout(resolveWait, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.99) - 1)] ?? 0;

// SOAK_PORT: the service's port, and its Postgres on the next one (a shared machine hands out ports); any free ones without it.
const basePort = process.env.SOAK_PORT ? Number(process.env.SOAK_PORT) : undefined;
const postgres = await startFaultyPostgres('soak', basePort === undefined ? undefined : basePort + 1);
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE flowdeck_soak');
await admin.end();
const databaseUrl = postgres.url.replace(/\/postgres$/, '/flowdeck_soak');
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-soak-'));
const service = await startChildService({
  DATABASE_URL: databaseUrl,
  FLOWDECK_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(basePort === undefined ? {} : { PORT: String(basePort) }),
});
const pid = service.process.pid ?? 0;
/** How the service ended, should it end during the soak (set by its exit event). */
const ended: { how: string | null } = { how: null };
service.process.once('exit', (code, signal) => (ended.how = `exit code ${String(code)}, signal ${String(signal)}`));
const serviceRuns = () => ended.how === null;

const pool = new pg.Pool({ connectionString: databaseUrl });
const key = newApiKey();
await insertApiKey(pool, key, 'team', 'soak');
await pool.end();
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
async function post(path: string, body: unknown): Promise<{ data: { id: number } }> {
  const response = await fetch(`${service.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`POST ${path}: ${String(response.status)} ${await response.text()}`);
  return (await response.json()) as { data: { id: number } };
}
const flowIds: number[] = [];
for (let i = 0; i < FLOWS; i += 1) {
  // A run of about 10 s, so restarts meet runs under way.
  const source = await post('/v2/sources', {
    sourceSpec: 'sample',
    displayName: `Soak ${String(i)}`,
    properties: { row_count: ROWS_PER_RUN, rows_per_second: 300, seed: i },
  });
  const destination = await post('/v2/destinations', {
    destinationSpec: 'files',
    displayName: `Soak ${String(i)}`,
    properties: { bucket_url: `soak-${String(i)}`, format: 'jsonl' },
  });
  // Appended, so the files keep every run's rows for the count at the end (a new flow replaces its tables).
  const flow = await post('/v2/flows', {
    displayName: `Soak ${String(i)}`,
    source: source.data.id,
    destination: destination.data.id,
    cron: '* * * * *',
    resources: SAMPLE_RESOURCES.map((name) => ({ name, syncMode: 'full_refresh_append' })),
  });
  flowIds.push(flow.data.id);
}

let minute: { latencies: number[]; failures: number; rss: number[] } = { latencies: [], failures: 0, rss: [] };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
// RSS rises and falls with each garbage collection: a minute is judged by the median of a sample every 5 s.
const rssSampler = setInterval(() => {
  if (serviceRuns()) minute.rss.push(rssMb(pid));
}, 5_000);
const started = Date.now();
const deadline = started + MINUTES * 60_000;
const clients = Array.from({ length: CLIENTS }, async () => {
  while (Date.now() < deadline && serviceRuns()) {
    const begun = performance.now();
    try {
      const response = await fetch(`${service.url}/v2/flows`, { headers, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) minute.failures += 1;
    } catch {
      minute.failures += 1;
    }
    minute.latencies.push(performance.now() - begun);
    await sleep(CLIENT_PAUSE_MS);
  }
});

const rss: number[] = [];
console.log('minute  requests  not-200  p99 ms  RSS MB (median)  event');
for (let m = 1; m <= MINUTES && serviceRuns(); m += 1) {
  let event = '';
  const minuteEnd = started + m * 60_000;
  if (m % RESTART_EVERY_MIN === 0 && m < MINUTES) {
    await sleep(Math.max(0, minuteEnd - 30_000 - Date.now()));
    await postgres.kill();
    await sleep(5_000);
    await postgres.restart();
    event = 'Postgres crashed and restarted';
  }
  await sleep(Math.max(0, minuteEnd - Date.now()));
  const { latencies, failures } = minute;
  rss.push(median(minute.rss));
  minute = { latencies: [], failures: 0, rss: [] };
  console.log(
    `${String(m).padStart(6)}  ${String(latencies.length).padStart(8)}  ${String(failures).padStart(7)}  ${p99(latencies).toFixed(0).padStart(6)}  ${(rss.at(-1) ?? 0).toFixed(0).padStart(15)}  ${event}`,
  );
}
await Promise.all(clients);
clearInterval(rssSampler);

// Runs under way finish; then the rows the files hold are counted against what the attempts say they loaded.
interface Attempt {
  id: number;
  lifecycle: string;
  disposition: string;
  resources?: { loaded: number }[];
}
const attemptsOf = async (flowId: number): Promise<Attempt[]> => {
  const response = await fetch(`${service.url}/v2/flows/${String(flowId)}/run?limit=1000`, { headers });
  return ((await response.json()) as { data: Attempt[] }).data;
};
let attempts: Attempt[] = [];
for (let wait = 0; wait < 90 && serviceRuns(); wait += 1) {
  attempts = (await Promise.all(flowIds.map(attemptsOf))).flat();
  if (attempts.every((attempt) => attempt.lifecycle === 'not_running')) break;
  await sleep(1_000);
}
const counted = attempts.reduce((sum, attempt) => sum + (attempt.resources ?? []).reduce((rows, resource) => rows + resource.loaded, 0), 0);
const filesDir = join(dataDir, 'files');
let kept = 0;
for (const file of readdirSync(filesDir, { recursive: true }).map(String)) {
  if (file.endsWith('.jsonl')) kept += readFileSync(join(filesDir, file), 'utf8').split('\n').filter(Boolean).length;
}
const running = attempts.filter((attempt) => attempt.lifecycle === 'running').length;
const byOutcome = attempts.reduce<Record<string, number>>((all, attempt) => ({ ...all, [attempt.disposition]: (all[attempt.disposition] ?? 0) + 1 }), {});
const fromMinute5 = rss[Math.min(4, rss.length - 1)] ?? 0;
const growth = fromMinute5 > 0 ? (rss.at(-1) ?? 0) / fromMinute5 - 1 : 0;

console.log(`\nattempts: ${String(attempts.length)} ${JSON.stringify(byOutcome)}, still running: ${String(running)}`);
console.log(`rows the attempts say they loaded: ${String(counted)}; rows in the destination's files: ${String(kept)}`);
console.log(
  `RSS from minute 5 to the end: ${fromMinute5.toFixed(0)} MB -> ${(rss.at(-1) ?? 0).toFixed(0)} MB (${(growth * 100).toFixed(1)}%, budget ${String(RSS_GROWTH_BUDGET * 100)}%)`,
);
const failures = [
  ...(ended.how === null ? [] : [`the service exited (${ended.how})`]),
  ...(counted !== kept
    ? [
        `${String(Math.abs(kept - counted))} rows ${kept > counted ? 'written but not counted (duplicated on a re-run)' : 'counted but not in the files (lost)'}`,
      ]
    : []),
  ...(running > 0 ? [`${String(running)} attempts still running`] : []),
  ...(growth > RSS_GROWTH_BUDGET ? [`RSS grew ${(growth * 100).toFixed(1)}%`] : []),
];
await service.stop();
await postgres.stop();
rmSync(dataDir, { recursive: true, force: true });
if (failures.length > 0) {
  console.log(`FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('passed: no exit, no row lost or duplicated, memory flat');
