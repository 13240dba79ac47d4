import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { insertApiKey, newApiKey } from '../store/api-keys';
import { type ChildService, startChildService } from './child-service';
import {
  createFilesDestination,
  createFlow,
  createSampleSource,
  createWorkflow,
  eventuallyRunning,
  expectStatus,
  listAttempts,
  matching,
  SLOW_SAMPLE,
  workflowStatus,
} from './fixtures';
import { type Api, apiClient, createTestDatabase, eventually } from './harness';

// Crash recovery: the service runs as `npm start` does, in a child process; it is killed with
// SIGKILL in the middle of a run, then started again. The run must end as failed with an
// "interrupted" error, and the flow must be runnable again.

const database = await createTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-recovery-'));
const env = { DATABASE_URL: database.url, FLOWDECK_DATA_DIR: dataDir };
const children: ChildService[] = [];
afterAll(async () => {
  for (const child of children) await child.kill();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildService> {
  const child = await startChildService(env);
  children.push(child);
  return child;
}

const key = newApiKey();

/** A slow sample flow into a files destination in the folder the service may write (under the data folder). */
async function createSampleFlow(api: Api, sourceProperties: Record<string, number>) {
  const source = await createSampleSource(api, sourceProperties);
  const filesDir = join(dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  const destination = await createFilesDestination(api, mkdtempSync(join(filesDir, 'out-')));
  return { flow: await createFlow(api, source.id, destination.id) };
}

describe('a service killed during a run', () => {
  it('marks the run failed with an "interrupted" error on its next start, and the flow runs again', async () => {
    const first = await start();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await insertApiKey(client, key, 'team', 'recovery test');
    await client.end();

    let api = apiClient(first.url, key);
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    const slowWorkflowFlow = await createSampleFlow(api, SLOW_SAMPLE);
    const workflow = await createWorkflow(api, { flows: [slowWorkflowFlow.flow.id] });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, flow.id);
    await eventuallyRunning(api, slowWorkflowFlow.flow.id);

    await first.kill();

    const second = await start();
    api = apiClient(second.url, key);
    // Recovery runs before the service listens: the first answer already shows it.
    const [attempt] = await listAttempts(api, flow.id);
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: [matching(/interrupted/i)] });
    expect(attempt?.completedAt).not.toBeNull();
    const status = await workflowStatus(api, workflow.id);
    expect(status).toMatchObject({ lifecycle: 'not_running', disposition: 'failed' });
    expect(status.errors.join(' ')).toMatch(/interrupted/i);
    expect((await listAttempts(api, slowWorkflowFlow.flow.id))[0]).toMatchObject({ disposition: 'failed', errors: [matching(/interrupted/i)] });

    // The flow is free to run again, and this run is executed by the new instance.
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, flow.id, (running) => running.resources.length > 0);
    await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' });
    await second.kill();
  });

  it('is recovered by another instance still running, within seconds', async () => {
    // The victim runs alone until its run is under way, so it is the one executing it.
    const victim = await start();
    const api = apiClient(victim.url, key);
    // Long enough to outlast the survivor's start on a busy machine: the run must still be going when the victim dies.
    const { flow } = await createSampleFlow(api, { ...SLOW_SAMPLE, row_count: 10_000 });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, flow.id, (running) => running.resources.length > 0);
    const survivor = await start();
    await victim.kill();
    const recovered = await eventually(
      async () => {
        const [attempt] = await listAttempts(apiClient(survivor.url, key), flow.id);
        return attempt?.lifecycle === 'not_running' ? attempt : undefined;
      },
      15_000,
      'the surviving instance to recover the run',
    );
    expect(recovered).toMatchObject({ disposition: 'failed', errors: [matching(/interrupted/i)] });
  });
});
