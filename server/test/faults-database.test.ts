import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey, newApiKey } from '../store/api-keys';
import { type ChildService, startChildService } from './child-service';
import { type FaultyPostgres, startFaultyPostgres } from './faulty-postgres';
import { attemptEnded, createSampleFlow, eventuallyRunning, expectStatus, listAttempts } from './fixtures';
import { type Api, apiClient, eventually } from './harness';

// The service (as `npm start` runs it, in a process of its own) on a Postgres of this test's own, which
// the test stops, freezes and restarts: the service answers 503 quickly while its database is away, never
// dies, and carries on by itself once it is back, runs of any length included.

const UNAVAILABLE = { message: 'Service Unavailable: the database is not answering' };

let postgres: FaultyPostgres;
let service: ChildService;
let api: Api;
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-faults-db-'));

beforeAll(async () => {
  postgres = await startFaultyPostgres('faults-db');
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE flowdeck_faults');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/flowdeck_faults');
  service = await startChildService({ DATABASE_URL: databaseUrl, FLOWDECK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const pool = new pg.Pool({ connectionString: databaseUrl });
  const key = newApiKey();
  await insertApiKey(pool, key, 'team', 'faults');
  await pool.end();
  api = apiClient(service.url, key);
}, 120_000);

afterAll(async () => {
  await service.kill();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** GET with a deadline of its own: a request that hangs fails the test instead of holding it. */
async function timedGet(path: string, key: string | null = null): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  try {
    const response = await fetch(`${service.url}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.json(), ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: (error as Error).message, ms: performance.now() - started };
  }
}

/** /v2 answers 503 within 5 s, and /health says so within 5 s. */
async function expectUnavailable(): Promise<void> {
  const down = await timedGet('/v2/flows', 'fd_any');
  expect(down.status, `${JSON.stringify(down.body)}\n${service.output()}`).toBe(503);
  expect(down.body).toEqual(UNAVAILABLE);
  expect(down.ms).toBeLessThan(5_000);
  const health = await eventually(
    async () => {
      const answer = await timedGet('/health');
      return answer.status === 503 ? answer : undefined;
    },
    5_000,
    '/health to say the database is unreachable',
  );
  expect(health.body).toMatchObject({ database: 'unreachable' });
}

const alive = () => service.process.exitCode === null && service.process.signalCode === null;

describe('while the database is away', () => {
  it('answers 503 within 5 s while Postgres is down, /health says so, and serves again once it is back', async () => {
    expectStatus(await api('/v2/flows'), 200);
    await postgres.kill();
    try {
      await expectUnavailable();
    } finally {
      await postgres.restart();
    }
    await eventually(async () => ((await api('/v2/flows')).status === 200 ? true : undefined), 20_000, 'the service to answer again');
    expect((await timedGet('/health')).body).toMatchObject({ database: 'ok' });
  }, 60_000);

  it('answers 503 within 5 s while Postgres is frozen, and serves again once it thaws', async () => {
    postgres.freeze();
    try {
      await expectUnavailable();
    } finally {
      postgres.thaw();
    }
    await eventually(async () => ((await api('/v2/flows')).status === 200 ? true : undefined), 20_000, 'the service to answer again').catch(
      async (error: unknown) => {
        throw new Error(`${(error as Error).message} ${JSON.stringify(await api('/v2/flows'))}\n${service.output()}`);
      },
    );
  }, 60_000);
});

describe('a database restart', () => {
  it('does not kill the service; the run under way ends once, and runs longer than 5 s succeed after', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 1_500, rows_per_second: 150 });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, flow.id, (attempt) => (attempt.resources[0]?.extracted ?? 0) > 0);
    await postgres.kill();
    await new Promise((resolveWait) => setTimeout(resolveWait, 12_000));
    expect(alive(), service.output()).toBe(true);
    await postgres.restart();
    const ended = await attemptEnded(api, flow.id, 40_000);
    expect(['failed', 'succeeded']).toContain(ended.disposition);
    // Ended once: one reason, whoever ended it.
    const interrupted = ended.errors.filter((error) => error.startsWith('Interrupted'));
    expect(interrupted.length).toBe(ended.disposition === 'failed' ? 1 : 0);
    expect((await listAttempts(api, flow.id)).filter((attempt) => attempt.lifecycle === 'running')).toEqual([]);

    // A run of about 8 s after the restart: no instance lock lost with the old connection ends it.
    const { flow: longer } = await createSampleFlow(api, { row_count: 1_200, rows_per_second: 150 });
    expectStatus(await api(`/v2/flows/${String(longer.id)}/run`, { method: 'POST' }), 201);
    const finished = await attemptEnded(api, longer.id, 40_000);
    expect(finished.errors).toEqual([]);
    expect(finished.disposition).toBe('succeeded');
    expect(alive(), service.output()).toBe(true);
  }, 120_000);
});
