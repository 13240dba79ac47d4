import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  attemptEnded,
  createFilesDestination,
  createFlow,
  createSampleFlow,
  createSampleSource,
  eventuallyRunning,
  expectStatus,
  listAttempts,
  matching,
} from './fixtures';
import { createTestDatabase, startHarness } from './harness';

// Two service instances on one database share the work, and each run is executed exactly once.

const database = await createTestDatabase();
// Each runs four jobs at once: the service-wide run limit (one per core by default) must not be what holds them back.
const env = { FLOWDECK_MAX_RUNS: '8' };
const one = await startHarness({ database, env });
const two = await startHarness({ database, env });
afterAll(async () => {
  await one.stop();
  await two.stop();
  await database.drop();
});

describe('two instances on one database', () => {
  it('share the runs, and every run is executed once', async () => {
    const source = await createSampleSource(one.api, { row_count: 600, rows_per_second: 1_000 });
    const flows = [];
    for (let index = 0; index < 10; index += 1) {
      // Instances that share a database share their file roots too (docs/scale-out.md).
      const destination = await createFilesDestination(one.api, join(one.filesDir, `shared-${String(index)}`));
      // Appended, in the destination's folder: one file per table and load.
      const resources = ['customers', 'orders', 'products'].map((name) => ({ name, syncMode: 'full_refresh_append' }));
      flows.push({ flow: await createFlow(one.api, source.id, destination.id, { namespace: null, resources }), folder: destination.folder });
    }
    // All requests go to the first instance; it runs four at a time, the second picks up the rest.
    for (const { flow } of flows) expectStatus(await one.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    for (const { flow } of flows) expect((await attemptEnded(two.api, flow.id, 60_000)).disposition).toBe('succeeded');

    const executors = await one.sql<{ instance_key: number }>('SELECT DISTINCT instance_key FROM run_attempts WHERE flow_id = ANY($1::int[])', [
      flows.map(({ flow }) => flow.id),
    ]);
    expect(executors).toHaveLength(2);
    for (const { flow, folder } of flows) {
      expect(await listAttempts(one.api, flow.id)).toHaveLength(1);
      // One file per table: the run wrote once.
      for (const table of ['customers', 'orders', 'products']) expect(readdirSync(join(folder, table)).filter((file) => !file.startsWith('.'))).toHaveLength(1);
    }
  });

  it('start a due schedule once when both tick at the same moment', async () => {
    const { source, destination } = await createSampleFlow(one.api, { row_count: 10 });
    const flows = await Promise.all(Array.from({ length: 5 }, () => createFlow(one.api, source.id, destination.id, { frequency: '1h' })));
    await one.sql("UPDATE flows SET next_run_at = now() - interval '1 second' WHERE id = ANY($1::int[])", [flows.map((flow) => flow.id)]);
    const ticks = await Promise.all([one.service.runs?.tick(), two.service.runs?.tick(), one.service.runs?.tick(), two.service.runs?.tick()]);
    expect(ticks.reduce((sum: number, started) => sum + (started ?? 0), 0)).toBeGreaterThanOrEqual(5);
    for (const flow of flows) {
      await attemptEnded(one.api, flow.id);
      expect(await listAttempts(one.api, flow.id)).toEqual([expect.objectContaining({ trigger: 'scheduled' }) as unknown]);
    }
  });

  it('cancel on one instance stops a run executing on the other', async () => {
    const { flow, destination } = await createSampleFlow(one.api, { row_count: 20_000, rows_per_second: 2_000 });
    expectStatus(await one.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(one.api, flow.id, (attempt) => attempt.resources.some((resource) => resource.written > 0));
    const partials = () =>
      readdirSync(join(one.filesDir, destination.folder), { recursive: true })
        .map(String)
        .filter((file) => file.includes('.partial'));
    // Between two tables there is a moment with no unfinished file: wait for the next one to be written.
    await vi.waitFor(
      () => {
        expect(partials()).not.toEqual([]);
      },
      { timeout: 10_000 },
    );
    expectStatus(await two.api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    const [attempt] = await listAttempts(one.api, flow.id);
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: [matching(/cancel/i)] });
    // The runner notices at its next checkpoint (250 ms): within a second its unfinished file is gone.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
    expect(partials()).toEqual([]);
    expectStatus(await two.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await two.api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' });
  });
});
