// npm run bench:scale — runs per minute and queue-to-start latency of real flow runs with 1 and 2
// workers (FLOWDECK_ROLE=worker processes) behind one web instance on one Postgres, each beside its
// floor measured in the same run: the bare job queue with the same concurrency, each job waiting as
// long as a run's source is paced to take (floor.ts). Two measures per worker count:
// - burst: BENCH_RUNS runs queued at once: runs per minute (and the latency of a backlog);
// - paced: runs queued one every 400 ms, below capacity: the latency of picking a run up.
// Budgets (exit 1 when missed): every run ends succeeded (none lost, none stuck), and 2 workers move
// at least 1.3 times as many runs per minute as 1 (runs mostly wait on their source, so a second
// worker's 4 slots should nearly double it; 1.3 leaves room for a busy 2-core machine).
import { loadavg } from 'node:os';
import { type Cluster, startCluster } from './cluster';
import { measureFloor, type Sample } from './floor';

const BURST_RUNS = Number(process.env.BENCH_RUNS ?? 120);
const PACED_RUNS = 30;
const PACED_SPACING_MS = 400;
/** The sample source of every bench flow: 40 rows paced at 100 a second, so a run's source takes 0.4 s. */
const SAMPLE = { row_count: 40, rows_per_second: 100 };
const SOURCE_MS = (SAMPLE.row_count / SAMPLE.rows_per_second) * 1000;
const SCALING_BUDGET = 1.3;
const SETTLE_LIMIT_MS = 300_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function api<T>(cluster: Cluster, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${cluster.webUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${cluster.key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}: ${JSON.stringify(answer)}`);
  return answer;
}

async function createFlows(cluster: Cluster, count: number): Promise<number[]> {
  const source = await api<{ data: { id: number } }>(cluster, '/v2/sources', { sourceSpec: 'sample', displayName: 'Bench', properties: SAMPLE });
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const destination = await api<{ data: { id: number } }>(cluster, '/v2/destinations', {
      destinationSpec: 'files',
      displayName: `Bench ${String(index)}`,
      properties: { bucket_url: `bench-${String(index)}`, format: 'jsonl' },
    });
    const flow = await api<{ data: { id: number } }>(cluster, '/v2/flows', {
      displayName: `Bench ${String(index)}`,
      source: source.data.id,
      destination: destination.data.id,
    });
    ids.push(flow.data.id);
  }
  return ids;
}

/** `extract` answers numeric, which pg hands over as text. */
interface Attempt {
  disposition: string;
  latency_ms: string;
  created_ms: string;
  completed_ms: string;
}

/** Queues a run of each flow (all at once, or one every `spacingMs`) and waits for them to end; the attempts' figures. */
async function measureRuns(cluster: Cluster, flows: number[], spacingMs: number): Promise<{ sample: Sample; failed: number; stuck: number }> {
  const [mark] = await cluster.sql<{ last: number }>('SELECT COALESCE(max(id), 0)::int AS last FROM run_attempts');
  const after = mark?.last ?? 0;
  if (spacingMs === 0) {
    for (let start = 0; start < flows.length; start += 20)
      await Promise.all(flows.slice(start, start + 20).map((id) => api(cluster, `/v2/flows/${String(id)}/run`, {})));
  } else {
    for (const id of flows) {
      await api(cluster, `/v2/flows/${String(id)}/run`, {});
      await new Promise((resolveWait) => setTimeout(resolveWait, spacingMs));
    }
  }
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let running = flows.length;
  while (running > 0 && Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    const [row] = await cluster.sql<{ running: number }>("SELECT count(*)::int AS running FROM run_attempts WHERE id > $1 AND lifecycle = 'running'", [after]);
    running = row?.running ?? 0;
  }
  const attempts = await cluster.sql<Attempt>(
    `SELECT disposition, extract(epoch FROM claimed_at - created_at) * 1000 AS latency_ms,
       extract(epoch FROM created_at) * 1000 AS created_ms, extract(epoch FROM completed_at) * 1000 AS completed_ms
     FROM run_attempts WHERE id > $1 AND lifecycle = 'not_running'`,
    [after],
  );
  const first = Math.min(...attempts.map((attempt) => Number(attempt.created_ms)));
  const last = Math.max(...attempts.map((attempt) => Number(attempt.completed_ms)));
  return {
    sample: { latencies: attempts.map((attempt) => Number(attempt.latency_ms)), perMinute: (attempts.length / (last - first)) * 60_000 },
    failed: attempts.filter((attempt) => attempt.disposition !== 'succeeded').length,
    // Asked for but not ended in time, or never recorded at all.
    stuck: flows.length - attempts.length,
  };
}

const load = () => `load ${loadavg()[0]?.toFixed(2) ?? '?'}`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const line = (label: string, runs: Sample, floor: Sample, what: 'burst' | 'paced') =>
  what === 'burst'
    ? `  ${label.padEnd(10)} burst  ${runs.perMinute.toFixed(0).padStart(6)} runs/min   floor ${floor.perMinute.toFixed(0).padStart(6)} jobs/min   ratio ${(runs.perMinute / floor.perMinute).toFixed(2)}   start p50 ${ms(percentile(runs.latencies, 50))} p99 ${ms(percentile(runs.latencies, 99))} (floor ${ms(percentile(floor.latencies, 50))} / ${ms(percentile(floor.latencies, 99))})   ${load()}`
    : `  ${label.padEnd(10)} paced  queue-to-start p50 ${ms(percentile(runs.latencies, 50))} p99 ${ms(percentile(runs.latencies, 99))}   floor p50 ${ms(percentile(floor.latencies, 50))} p99 ${ms(percentile(floor.latencies, 99))}   ratio p50 ${(percentile(runs.latencies, 50) / percentile(floor.latencies, 50)).toFixed(2)}   ${load()}`;

const benchStarted = performance.now();
const cluster = await startCluster();
const stopAndExit = (signal: NodeJS.Signals) => {
  void cluster.stop().finally(() => process.kill(process.pid, signal));
};
process.once('SIGINT', stopAndExit);
process.once('SIGTERM', stopAndExit);
try {
  process.stdout.write(
    `bench:scale — ${String(BURST_RUNS)} runs at once, then ${String(PACED_RUNS)} paced (sample ${String(SAMPLE.row_count)} rows at ${String(SAMPLE.rows_per_second)}/s → files)\n`,
  );
  const flows = await createFlows(cluster, BURST_RUNS);
  process.stderr.write(`  ${String(BURST_RUNS)} flows made in ${((performance.now() - benchStarted) / 1000).toFixed(0)} s\n`);
  const perMinute: Record<number, number> = {};
  const problems: string[] = [];
  for (const workers of [1, 2]) {
    await cluster.addWorkers(workers);
    const label = `${String(workers)} worker${workers > 1 ? 's' : ''}`;
    const burst = await measureRuns(cluster, flows, 0);
    const burstFloor = await measureFloor(cluster.databaseUrl, workers, BURST_RUNS, SOURCE_MS, 0);
    process.stdout.write(`${line(label, burst.sample, burstFloor, 'burst')}\n`);
    const paced = await measureRuns(cluster, flows.slice(0, PACED_RUNS), PACED_SPACING_MS);
    const pacedFloor = await measureFloor(cluster.databaseUrl, workers, PACED_RUNS, SOURCE_MS, PACED_SPACING_MS);
    process.stdout.write(`${line(label, paced.sample, pacedFloor, 'paced')}\n`);
    for (const [what, result] of [
      ['burst', burst],
      ['paced', paced],
    ] as const) {
      if (result.stuck > 0) problems.push(`${label}, ${what}: ${String(result.stuck)} runs did not end within ${String(SETTLE_LIMIT_MS / 1000)} s`);
      if (result.failed > 0) problems.push(`${label}, ${what}: ${String(result.failed)} runs did not succeed`);
    }
    perMinute[workers] = burst.sample.perMinute;
    await cluster.stopWorkers();
  }
  const scaling = (perMinute[2] ?? 0) / (perMinute[1] ?? Number.POSITIVE_INFINITY);
  const met = scaling >= SCALING_BUDGET;
  process.stdout.write(`  2 workers move ${scaling.toFixed(2)}× the runs per minute of 1 (budget ≥ ${String(SCALING_BUDGET)}): ${met ? 'met' : 'MISSED'}\n`);
  if (!met) problems.push(`2 workers moved ${scaling.toFixed(2)}× the runs of 1, budget ${String(SCALING_BUDGET)}×`);
  for (const problem of problems) process.stdout.write(`  MISSED: ${problem}\n`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await cluster.stop();
}
process.stderr.write(`  done in ${((performance.now() - benchStarted) / 1000).toFixed(0)} s\n`);
// Everything this bench started is stopped above; the exit does not wait for idle keep-alive sockets.
process.exit();
