import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_LOCK_CLASS } from '../db/advisory-locks';
import { INTERRUPTED } from '../runs/recovery';
import { insertApiKey, newApiKey } from '../store/api-keys';
import { insertPendingWorkflowRun } from '../store/workflows';
import { THIS_DATABASE } from '../store/instances';
import { type ChildService, runChildServiceToExit, startChildService } from './child-service';
import { createFailingFilesDestination, createFilesDestination, createFlow, createSampleSource, createWorkflow, expectStatus } from './fixtures';
import { type Api, apiClient, createTestDatabase, eventually } from './harness';

// Scale out by role: one web instance and three workers, each `npm start` in a child process, on one
// Postgres and one shared data folder. 300 runs are asked of the web instance; one worker is killed
// with SIGKILL when about half have started. Every run must end executed once (its rows written once)
// or interrupted: none lost, none left running, none executed twice, none executed by the web instance.

const RUNS = 300;
const TABLES = ['customers', 'orders', 'products'];
/** Each run's rows appended into the destination's folder itself: one file per table and load, so a second execution would show. */
const APPEND_IN_PLACE = { namespace: null, resources: TABLES.map((name) => ({ name, syncMode: 'full_refresh_append' })) };

const database = await createTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-scale-'));
const filesDir = join(dataDir, 'files');
// Three workers of four job workers each: the service-wide run limit (one per core by default) must not be what is measured.
const env = { DATABASE_URL: database.url, FLOWDECK_DATA_DIR: dataDir, FLOWDECK_SECRET_KEY: randomBytes(32).toString('base64'), FLOWDECK_MAX_RUNS: '12' };
const children: ChildService[] = [];
const db = new pg.Client({ connectionString: database.url });
const key = newApiKey();
let web: ChildService;
let workers: ChildService[];
let api: Api;

async function start(role: 'web' | 'worker'): Promise<ChildService> {
  const child = await startChildService({ ...env, FLOWDECK_ROLE: role });
  children.push(child);
  return child;
}

const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;

/** The instance keys whose advisory lock is held: one per live instance that executes jobs. */
const liveInstanceKeys = async () =>
  (
    await query<{ key: number }>(
      `SELECT objid::int AS key FROM pg_locks WHERE locktype = 'advisory' AND database = ${THIS_DATABASE} AND classid = $1::oid AND objsubid = 2 AND granted`,
      [INSTANCE_LOCK_CLASS],
    )
  ).map((row) => row.key);

beforeAll(async () => {
  // The web instance migrates first (as any would: migrations take turns under an advisory lock).
  web = await start('web');
  workers = await Promise.all([start('worker'), start('worker'), start('worker')]);
  await db.connect();
  await insertApiKey(db, key, 'team', 'scale-out test');
  api = apiClient(web.url, key);
}, 120_000);

afterAll(async () => {
  // Every child is stopped by its process id, whatever happened above.
  await Promise.all(children.map((child) => child.kill()));
  await db.end().catch(() => undefined);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const filesOf = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

describe('one web instance and three workers on one database', () => {
  it('answers verify through a worker, and a worker answers only its health', async () => {
    const destination = await createFilesDestination(api, `verify-${randomBytes(4).toString('hex')}`);
    const verified = expectStatus(await api(`/v2/destinations/${String(destination.id)}/verify`), 200);
    const messages = (verified.body as { data: { is_error: boolean }[] }).data;
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((message) => !message.is_error)).toBe(true);
    // A real check ran on a worker: a folder that is a file fails it.
    const failing = await createFailingFilesDestination(api, filesDir);
    const refused = expectStatus(await api(`/v2/destinations/${String(failing.id)}/verify`), 200);
    expect((refused.body as { data: { is_error: boolean }[] }).data.some((message) => message.is_error)).toBe(true);

    const [worker] = workers;
    const health = await fetch(`${worker?.url ?? ''}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ role: 'worker', database: 'ok' });
    expect((await fetch(`${worker?.url ?? ''}/v2/flows`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(404);
  });

  it('executes each of 300 runs once or ends it interrupted when a worker is killed half-way', async () => {
    const workerKeys = await liveInstanceKeys();
    // The web instance holds no instance lock: it never claims a run.
    expect(workerKeys).toHaveLength(3);

    // Short runs: 40 sample rows at 100 a second, into a folder of their own per flow.
    const source = await createSampleSource(api, { row_count: 40, rows_per_second: 100 });
    const flows: { id: number; folder: string }[] = [];
    for (let batch = 0; batch < RUNS / 20; batch += 1) {
      flows.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async (_, index) => {
            const destination = await createFilesDestination(api, `out-${String(batch * 20 + index)}`);
            const flow = await createFlow(api, source.id, destination.id, APPEND_IN_PLACE);
            return { id: flow.id, folder: join(filesDir, destination.folder) };
          }),
        )),
      );
    }
    for (let batch = 0; batch < RUNS / 20; batch += 1) {
      const answers = await Promise.all(flows.slice(batch * 20, batch * 20 + 20).map((flow) => api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' })));
      for (const answer of answers) expectStatus(answer, 201);
    }

    // About half started: kill one worker, with runs in hand.
    await eventually(
      async () => {
        const [row] = await query<{ started: number }>('SELECT count(*)::int AS started FROM run_attempts WHERE instance_key IS NOT NULL');
        return (row?.started ?? 0) >= RUNS / 2 ? true : undefined;
      },
      120_000,
      'half of the runs to start',
    );
    const before = new Set(await liveInstanceKeys());
    const [, victim] = workers;
    await victim?.kill();
    expect(victim?.process.signalCode).toBe('SIGKILL');
    // Its key is the one whose lock Postgres dropped with its connections.
    const killedKey = await eventually(
      async () => {
        const after = new Set(await liveInstanceKeys());
        const gone = [...before].filter((instanceKey) => !after.has(instanceKey));
        return gone.length === 1 ? gone[0] : undefined;
      },
      30_000,
      'the killed worker to lose its instance lock',
    );

    await eventually(
      async () => {
        const [row] = await query<{ running: number }>("SELECT count(*)::int AS running FROM run_attempts WHERE lifecycle = 'running'");
        return row?.running === 0 ? true : undefined;
      },
      180_000,
      'every run to end',
    );

    const attempts = await query<{ id: number; flow_id: number; disposition: string; errors: string[]; instance_key: number | null; starts: number }>(
      `SELECT a.id, a.flow_id, a.disposition, a.errors, a.instance_key,
         (SELECT count(*)::int FROM attempt_log_lines l WHERE l.attempt_id = a.id AND l.event = 'run.started') AS starts
       FROM run_attempts a ORDER BY a.id`,
    );
    // None lost: one attempt per run asked for, each ended.
    expect(attempts).toHaveLength(RUNS);
    expect(new Set(attempts.map((attempt) => attempt.flow_id)).size).toBe(RUNS);
    const folderOf = new Map(flows.map((flow) => [flow.id, flow.folder]));
    const interrupted = attempts.filter((attempt) => attempt.disposition === 'failed' && attempt.errors.includes(INTERRUPTED));
    for (const attempt of attempts) {
      // Executed by one worker, once: a second execution would log a second start (a run killed at
      // its very start may have had no time to log the first).
      expect(workerKeys).toContain(attempt.instance_key);
      expect(attempt.starts, `attempt ${String(attempt.id)} started more than once`).toBeLessThanOrEqual(1);
      const folder = folderOf.get(attempt.flow_id) ?? '';
      const written = TABLES.map((table) => filesOf(join(folder, table)));
      // No unfinished file is left behind, succeeded or interrupted.
      for (const files of written) expect(files.filter((file) => file.startsWith('.'))).toEqual([]);
      if (attempt.disposition === 'succeeded') {
        expect(attempt.starts).toBe(1);
        for (const files of written) expect(files).toHaveLength(1);
      } else {
        expect(interrupted, `attempt ${String(attempt.id)} ended ${attempt.disposition}: ${attempt.errors.join('; ')}`).toContain(attempt);
        expect(attempt.instance_key).toBe(killedKey);
        for (const files of written) expect(files.length).toBeLessThanOrEqual(1);
      }
    }
    // The kill did hit runs in hand, and the other two workers carried on with the rest.
    expect(interrupted.length).toBeGreaterThan(0);
    const survivors = new Set(attempts.filter((attempt) => attempt.instance_key !== killedKey).map((attempt) => attempt.instance_key));
    expect(survivors.size).toBe(2);
  });

  it('queues again a run whose job was lost before any worker claimed it, and runs it once', async () => {
    // As if the worker that took the job had been killed between taking it and claiming the run:
    // the run waits unclaimed, and the queue no longer holds a job for it.
    const source = await createSampleSource(api, { row_count: 10 });
    const destination = await createFilesDestination(api, `lost-${randomBytes(4).toString('hex')}`);
    const flow = await createFlow(api, source.id, destination.id, APPEND_IN_PLACE);
    const [attempt] = await query<{ id: number }>(
      "INSERT INTO run_attempts (flow_id, trigger, lifecycle, queue_job_id, created_at) VALUES ($1, 'manual', 'running', gen_random_uuid(), now() - interval '1 minute') RETURNING id",
      [flow.id],
    );
    const ended = await eventually(
      async () => {
        const [row] = await query<{ disposition: string; lifecycle: string }>('SELECT disposition, lifecycle FROM run_attempts WHERE id = $1', [attempt?.id]);
        return row?.lifecycle === 'not_running' ? row : undefined;
      },
      60_000,
      'the lost run to be queued again and run',
    );
    expect(ended.disposition).toBe('succeeded');
    for (const table of TABLES) expect(filesOf(join(filesDir, destination.folder, table))).toHaveLength(1);
  });
  it('queues again a workflow run whose job was lost before any worker claimed it, and runs its step once', async () => {
    // The workflow counterpart of the case above: a pending run, its steps stored, its job gone with the worker
    // that took it. Recovery finds it unclaimed past the grace period and queues it again.
    const source = await createSampleSource(api, { row_count: 10 });
    const destination = await createFilesDestination(api, `lost-workflow-${randomBytes(4).toString('hex')}`);
    const flow = await createFlow(api, source.id, destination.id, APPEND_IN_PLACE);
    const workflow = await createWorkflow(api, { steps: [{ id: 'load', flow: flow.id, after: [] }] });
    const run = await insertPendingWorkflowRun(db, workflow.id, 'manual', [{ id: 'load', flow: flow.id, after: [] }], randomUUID());
    await query("UPDATE workflow_runs SET created_at = now() - interval '1 minute' WHERE id = $1", [run.id]);
    const ended = await eventually(
      async () => {
        const [row] = await query<{ disposition: string; lifecycle: string }>('SELECT disposition, lifecycle FROM workflow_runs WHERE id = $1', [run.id]);
        return row?.lifecycle === 'not_running' ? row : undefined;
      },
      60_000,
      'the lost workflow run to be queued again and run',
    );
    expect(ended.disposition).toBe('succeeded');
    // Its one step ran its flow once: one attempt, one file per table.
    const attempts = await query<{ id: number }>('SELECT id FROM run_attempts WHERE workflow_run_id = $1', [run.id]);
    expect(attempts).toHaveLength(1);
    for (const table of TABLES) expect(filesOf(join(filesDir, destination.folder, table))).toHaveLength(1);
  });
});

describe('FLOWDECK_ROLE', () => {
  it('stops the start, in one line, on an unknown role or a split role without a shared Postgres', async () => {
    const unknown = await runChildServiceToExit({ FLOWDECK_ROLE: 'scheduler', FLOWDECK_DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.output.trim()).toBe('Flowdeck could not start: FLOWDECK_ROLE must be web, worker or all, got "scheduler".');
    const alone = await runChildServiceToExit({ FLOWDECK_ROLE: 'worker', FLOWDECK_DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(alone.code).toBe(1);
    expect(alone.output).toMatch(/^Flowdeck could not start: FLOWDECK_ROLE=worker needs a Postgres shared by every instance.*set DATABASE_URL/m);
  });
});
