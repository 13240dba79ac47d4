// npm run bench:runs — GET /v2/runs on 1,000,000 attempts across 10,000 flows, against a bare SQL floor in
// the same run.
//
// A scratch Postgres and the service (server/main.ts as `npm start` runs it) on it; the attempts are seeded
// by SQL. Each case asks one page (50 runs) BENCH_REQUESTS times, one request at a time, and prints its
// p50 and p99 beside the floor's: the same page read with one bare keyset query on the attempts table
// (pg from this process, no HTTP, no merge with workflow runs, no names or row counts), which is the least
// any server can spend on it. Cases: the first page and a page 900,000 runs deep (by cursor), unfiltered
// and filtered by status (failed), and one flow's runs. Budget: p50 and p99 ≤ 50 ms in every case; exit 1
// when missed. The machine is shared: the floor's figures say how loaded it was.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { stopChild, waitUntilAnswering } from './child-service';
import { encodeRunsCursor } from '@/service-rules/runs-query';
import { DEMO_KEYS } from '@/service-rules/plans';
import { freePort } from '../server/db/embedded';
import { startScratchPostgres } from '../server/db/scratch-postgres';
import { serviceNodeArgs } from '../server/service-command';

const FLOWS = 10_000;
const ATTEMPTS_PER_FLOW = 100;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARM_UP = 30;
const BUDGET_MS = 50;
const PAGE = 50;
const DEEP = 900_000;
const AUTH = { Authorization: `Bearer ${DEMO_KEYS.team}` };

interface Case {
  label: string;
  query: string;
  /** The floor's condition (beside the cursor's), on run_attempts. */
  where: string;
  deep: boolean;
}

const CASES: Case[] = [
  { label: 'first page', query: '', where: 'true', deep: false },
  { label: 'deep page (cursor)', query: '', where: 'true', deep: true },
  { label: 'failed, first page', query: 'status=failed', where: "lifecycle = 'not_running' AND disposition = 'failed'", deep: false },
  { label: 'failed, deep page (cursor)', query: 'status=failed', where: "lifecycle = 'not_running' AND disposition = 'failed'", deep: true },
  { label: 'one flow, first page', query: 'flow=5000', where: 'flow_id = 5000', deep: false },
];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

async function timed(times: number, once: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let index = 0; index < WARM_UP; index += 1) await once();
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
}

/** 10,000 flows and 100 attempts each, spread over the last 100 days, every tenth failed. Numbered here: the per-row trigger would take minutes. */
async function seed(db: pg.Client): Promise<void> {
  await db.query(
    `INSERT INTO flows (display_name, source_id, destination_id, frequency, attempts_numbered)
     SELECT 'Bench flow ' || n, 1, 1, '6h', ${String(ATTEMPTS_PER_FLOW)} FROM generate_series(1, $1) AS n`,
    [FLOWS],
  );
  await db.query('ALTER TABLE run_attempts DISABLE TRIGGER run_attempts_number');
  await db.query(
    `INSERT INTO run_attempts (flow_id, number, trigger, lifecycle, disposition, resources, errors, created_at, completed_at)
     SELECT f.id, k, CASE WHEN k % 7 = 0 THEN 'manual' ELSE 'scheduled' END, 'not_running',
            CASE WHEN (f.id + k) % 10 = 0 THEN 'failed' ELSE 'succeeded' END,
            CASE WHEN (f.id + k) % 10 = 0 THEN NULL ELSE '[{"name": "orders", "extracted": 100, "analyzed": 100, "loaded": 100}]'::jsonb END,
            '[]', now() - ((k * 10000 + f.id) * interval '864 milliseconds'), now() - ((k * 10000 + f.id) * interval '864 milliseconds') + interval '9 seconds'
       FROM (SELECT id FROM flows WHERE display_name LIKE 'Bench flow %') f, generate_series(1, ${String(ATTEMPTS_PER_FLOW)}) AS k`,
  );
  await db.query('ALTER TABLE run_attempts ENABLE TRIGGER run_attempts_number');
  await db.query('VACUUM ANALYZE');
}

/** The cursor of the run at `offset` in the case's list (found once, with OFFSET, while setting up). */
async function deepCursor(db: pg.Client, where: string): Promise<{ cursor: string; micros: string; id: number }> {
  const { rows } = await db.query<{ id: number; micros: string }>(
    `SELECT id, (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros FROM run_attempts WHERE ${where}
      ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [where === 'true' ? DEEP : DEEP / 10],
  );
  const row = rows[0];
  if (!row) throw new Error('No run that deep.');
  return { cursor: encodeRunsCursor({ createdAtMicros: BigInt(row.micros), kind: 'flow', id: row.id }), micros: row.micros, id: row.id };
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const load1 = () => loadavg()[0]?.toFixed(2) ?? '?';

const postgres = await startScratchPostgres('bench-runs');
let service: ChildProcess | undefined;
let failed = false;
const db = new pg.Client({ connectionString: postgres.url });
try {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  service = spawn(process.execPath, serviceNodeArgs(), {
    env: { ...process.env, DATABASE_URL: postgres.url, PORT: String(port), FLOWDECK_STATIC_DIR: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  await waitUntilAnswering(`${url}/v2/runs?limit=1`, service, AUTH);
  await db.connect();
  const seeding = performance.now();
  await seed(db);
  const { rows: counted } = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM run_attempts a JOIN flows f ON f.id = a.flow_id WHERE f.display_name LIKE 'Bench flow %'",
  );
  console.log(
    `GET /v2/runs, ${Number(counted[0]?.n).toLocaleString('en')} attempts across ${FLOWS.toLocaleString('en')} flows (seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s), ${String(PAGE)} a page, ${String(REQUESTS)} requests a case, one at a time; load ${load1()} at start`,
  );
  console.log(`budget: p50 and p99 ≤ ${String(BUDGET_MS)} ms; floor: one bare keyset query on run_attempts for the same page`);

  for (const each of CASES) {
    const deep = each.deep ? await deepCursor(db, each.where) : null;
    const query = [`limit=${String(PAGE)}`, each.query, deep ? `cursor=${encodeURIComponent(deep.cursor)}` : ''].filter(Boolean).join('&');
    const path = `/v2/runs?${query}`;
    let answered = 0;
    const ours = await timed(REQUESTS, async () => {
      const response = await fetch(url + path, { headers: AUTH });
      const body = (await response.json()) as { data: unknown[] };
      if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
      answered = body.data.length;
    });
    const after = deep ? `AND (created_at, id) < (timestamptz 'epoch' + $1::bigint * interval '1 microsecond', $2::bigint)` : '';
    const values = deep ? [deep.micros, deep.id] : [];
    const floor = await timed(REQUESTS, async () => {
      await db.query(`SELECT * FROM run_attempts WHERE ${each.where} ${after} ORDER BY created_at DESC, id DESC LIMIT ${String(PAGE + 1)}`, values);
    });
    const met = ours.p50 <= BUDGET_MS && ours.p99 <= BUDGET_MS && answered === PAGE;
    if (!met) failed = true;
    // The floor past the budget says the budget is out of any server's reach on this machine now.
    const floorNote = floor.p99 > BUDGET_MS ? ' (the floor misses p99 too)' : '';
    console.log(
      `  ${each.label.padEnd(28)} ${met ? 'ok    ' : 'MISSED'}${floorNote} flowdeck p50 ${ms(ours.p50)} p99 ${ms(ours.p99)} | floor p50 ${ms(floor.p50)} p99 ${ms(floor.p99)} | p50 ratio ${(ours.p50 / floor.p50).toFixed(1)}`,
    );
  }
  console.log(`load ${load1()} at end`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await db.end().catch(() => undefined);
  if (service) await stopChild(service);
  await postgres.stop();
}
process.exit(failed ? 1 : 0);
