import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  attemptEnded,
  createFilesDestination,
  createFailingFilesDestination,
  createFlow,
  createSampleFlow,
  createSampleSource,
  createWorkflow,
  eventuallyRunning,
  expectStatus,
  listAttempts,
  matching,
  SLOW_SAMPLE,
  workflowEnded,
  workflowStatus,
} from './fixtures';
import { eventually, startHarness } from './harness';

// Runs: manual and scheduled triggers, one running attempt per flow however many requests race,
// cancel within a second, and workflows running the flows of their definition.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;
const runs = service.service.runs;
if (!runs) throw new Error('The test service has no run service.');

const source = await createSampleSource(api, { row_count: 40 });
const destination = await createFilesDestination(api);
const broken = await createFailingFilesDestination(api, service.filesDir);

/** Every file under a folder, hidden ones included, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

describe('one running attempt per flow', () => {
  it('50 concurrent run requests give one 201, 49 answers of 400 with a message, and one running attempt', async () => {
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    for (const answer of answers.filter((each) => each.status === 400)) {
      expect(answer.body).toEqual({ message: matching(/already running/) });
    }
    const attempts = await listAttempts(api, flow.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ lifecycle: 'running', trigger: 'manual' });
    const [row] = await sql<{ n: number }>("SELECT count(*)::int AS n FROM run_attempts WHERE flow_id = $1 AND lifecycle = 'running'", [flow.id]);
    expect(row?.n).toBe(1);
    await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' });
  });

  it('lets the flow run again once the attempt has ended', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 50 });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await attemptEnded(api, flow.id);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await attemptEnded(api, flow.id);
    expect((await listAttempts(api, flow.id)).map((attempt) => attempt.disposition)).toEqual(['succeeded', 'succeeded']);
  });
});

describe('cancel', () => {
  it('ends the attempt at once and stops the runner within 1 s, leaving no partial files', async () => {
    const { flow, destination } = await createSampleFlow(api, { row_count: 20_000, rows_per_second: 2_000 });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    // Mid-load of orders, 15,000 rows at 2,000 a second: its unfinished file is there for seconds. (Any resource
    // with rows loaded could be the 1,000 products, committed already, with orders' file not yet opened.)
    await eventuallyRunning(api, flow.id, (attempt) => attempt.resources.some((resource) => resource.name === 'orders' && resource.written > 0));
    expect(filesUnder(join(service.filesDir, destination.folder)).filter((file) => file.includes('.partial'))).not.toEqual([]);
    const started = Date.now();
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    const [attempt] = await listAttempts(api, flow.id);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: [matching(/cancel/i)] });
    expect(attempt?.completedAt).not.toBeNull();

    // Within a second the runner has stopped: its unfinished file is gone and nothing grows after.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000 - (Date.now() - started)));
    const after = filesUnder(join(service.filesDir, destination.folder));
    expect(after.filter((file) => file.includes('.partial'))).toEqual([]);
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
    expect(filesUnder(join(service.filesDir, destination.folder))).toEqual(after);
    // A new run may start right away.
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' });
  });
});

describe('schedules', () => {
  const nextRunAt = async (table: 'flows' | 'workflows', id: number) => {
    const [row] = await sql<{ next_run_at: Date | null }>(`SELECT next_run_at FROM ${table} WHERE id = $1`, [id]);
    return row?.next_run_at ?? null;
  };
  const makeDue = (table: 'flows' | 'workflows', id: number) => sql(`UPDATE ${table} SET next_run_at = now() - interval '1 second' WHERE id = $1`, [id]);

  it('a due flow runs with trigger scheduled and its next time moves one interval on', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '15m' });
    const planned = await nextRunAt('flows', flow.id);
    expect(planned?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await makeDue('flows', flow.id);
    const before = Date.now();
    expect(await runs.tick()).toBeGreaterThanOrEqual(1);
    const attempt = await attemptEnded(api, flow.id);
    expect(attempt).toMatchObject({ trigger: 'scheduled', disposition: 'succeeded' });
    const next = await nextRunAt('flows', flow.id);
    expect(next?.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1_000);
    // Not due again: another pass starts nothing for it.
    await runs.tick();
    expect(await listAttempts(api, flow.id)).toHaveLength(1);
  });

  it('cron wins over frequency and gives the next matching minute (UTC)', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '15m', cron: '30 4 * * *' });
    const next = await nextRunAt('flows', flow.id);
    expect(next?.getUTCHours()).toBe(4);
    expect(next?.getUTCMinutes()).toBe(30);
    expect(next?.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });

  it('manual flows have no next time and never run on their own', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: 'manual' });
    expect(await nextRunAt('flows', flow.id)).toBeNull();
    await runs.tick();
    expect(await listAttempts(api, flow.id)).toEqual([]);
  });

  it('fire without help from the test: the service checks every few seconds', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '1h' });
    await makeDue('flows', flow.id);
    const attempt = await eventually(async () => (await listAttempts(api, flow.id))[0], 12_000, 'the scheduler to start the due flow');
    expect(attempt.trigger).toBe('scheduled');
  });

  it('a due workflow runs with trigger scheduled; a disabled one does not', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const workflow = await createWorkflow(api, { flows: [flow.id] }, { frequency: '6h' });
    const disabledFlow = await createFlow(api, source.id, destination.id);
    const disabled = await createWorkflow(api, { flows: [disabledFlow.id] }, { frequency: '6h', enabled: false });
    await makeDue('workflows', workflow.id);
    await makeDue('workflows', disabled.id);
    await runs.tick();
    expect((await workflowEnded(api, workflow.id)).disposition).toBe('succeeded');
    // The run is the workflow's scheduled one; its step's attempt says a workflow started it (pause-and-numbers.test.ts).
    expect(await sql('SELECT trigger FROM workflow_runs WHERE workflow_id = $1', [workflow.id])).toEqual([{ trigger: 'scheduled' }]);
    expect(await listAttempts(api, flow.id)).toEqual([expect.objectContaining({ trigger: 'workflow' }) as unknown]);
    expect((await workflowStatus(api, disabled.id)).lifecycle).toBe('not_running');
    expect(await listAttempts(api, disabledFlow.id)).toEqual([]);
  });
});

describe('workflows', () => {
  const good = destination;

  it('run the steps in order of their `after` and aggregate resources and errors in the status', async () => {
    const first = await createFlow(api, source.id, good.id, { displayName: 'Orders' });
    const second = await createFlow(api, source.id, good.id, { displayName: 'Marts' });
    const workflow = await createWorkflow(api, {
      steps: [
        { id: 'orders', flow: first.id },
        { id: 'marts', flow: second.id, after: ['orders'] },
      ],
    });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    const status = await workflowEnded(api, workflow.id);
    expect(status).toMatchObject({ disposition: 'succeeded', errors: [] });
    expect(status.resources.map((resource) => resource.name).sort()).toEqual([
      'Marts › customers',
      'Marts › orders',
      'Marts › products',
      'Orders › customers',
      'Orders › orders',
      'Orders › products',
    ]);
    const [orders] = await listAttempts(api, first.id);
    const [marts] = await listAttempts(api, second.id);
    expect(Date.parse(marts?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(orders?.completedAt ?? ''));
  });

  it('fail when a step fails, skip the steps after it, and say so in the status errors', async () => {
    const failing = await createFlow(api, source.id, broken.id, { displayName: 'Broken' });
    const after = await createFlow(api, source.id, good.id, { displayName: 'After' });
    const workflow = await createWorkflow(api, {
      steps: [
        { id: 'load', flow: failing.id },
        { id: 'next', flow: after.id, after: ['load'] },
      ],
    });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    const status = await workflowEnded(api, workflow.id);
    expect(status.disposition).toBe('failed');
    expect(status.errors).toEqual(expect.arrayContaining([matching(/Step "load".*failed/), matching(/Step "next" was skipped/)]) as unknown);
    expect(
      status.resources
        .filter((resource) => resource.errors.length > 0)
        .map((resource) => resource.name)
        .sort(),
    ).toEqual(['Broken › customers', 'Broken › orders', 'Broken › products']);
    expect(await listAttempts(api, after.id)).toEqual([]);
  });

  it('are RUNNING while a step runs', async () => {
    const slowSource = await createSampleSource(api, SLOW_SAMPLE);
    const flow = await createFlow(api, slowSource.id, good.id);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    const running = await eventually(
      async () => {
        const status = await workflowStatus(api, workflow.id);
        return status.lifecycle === 'running' ? status : undefined;
      },
      10_000,
      'the workflow to be running',
    );
    expect(running).toMatchObject({ disposition: 'none', completedAt: null });
    expect(((await api(`/v2/workflows/${String(workflow.id)}/status`)).body as { lifecycle: string }).lifecycle).toBe('RUNNING');
    await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' });
    expect((await listAttempts(api, flow.id))[0]).toMatchObject({ lifecycle: 'not_running', disposition: 'failed' });
  });
});
