import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { type WorkflowRun, workflowRunSchema, workflowStatusSchema } from '@/api/workflows';
import {
  anyNumber,
  anyString,
  BAD_REQUEST,
  createFilesDestination,
  createFailingFilesDestination,
  createFlow,
  createSampleSource,
  createWorkflow,
  expectError,
  expectStatus,
  expectWrapped,
  SLOW_SAMPLE,
  workflowEnded,
} from './fixtures';
import { eventually, startHarness } from './harness';

// Workflows as the editor and the workflow page need them: definitions judged with messages that name
// the steps, GET /v2/workflows/{id}/runs (an addition) with outcomes and durations, and each step's
// state (waiting, running, succeeded, failed, skipped, cancelled) in the runs and in the status's lastRun.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const source = await createSampleSource(api, { row_count: 30 });
const slowSource = await createSampleSource(api, SLOW_SAMPLE);
const destination = await createFilesDestination(api);
const broken = await createFailingFilesDestination(api, service.filesDir);
const orders = await createFlow(api, source.id, destination.id, { displayName: 'Orders' });
const marts = await createFlow(api, source.id, destination.id, { displayName: 'Marts' });

const twoSteps = (first: number, second: number) => ({
  steps: [
    { id: 'orders', flow: first, after: [] },
    { id: 'marts', flow: second, after: ['orders'] },
  ],
});

async function runs(workflowId: number, query = ''): Promise<WorkflowRun[]> {
  return dataOf(listOf(workflowRunSchema)).parse(expectStatus(await api(`/v2/workflows/${String(workflowId)}/runs${query}`), 200).body);
}

async function lastRun(workflowId: number): Promise<WorkflowRun | null | undefined> {
  return workflowStatusSchema.parse(expectStatus(await api(`/v2/workflows/${String(workflowId)}/status`), 200).body).lastRun;
}

const statesOf = (run: WorkflowRun | null | undefined) => Object.fromEntries(run?.steps.map((step) => [step.id, step.state]) ?? []);

async function run(workflowId: number) {
  expectStatus(await api(`/v2/workflows/${String(workflowId)}/run`, { method: 'POST' }), 201);
}

describe('definitions are judged by one rule, with messages naming the steps', () => {
  const refusals: [string, unknown][] = [
    ['a workflow needs at least one step.', { steps: [] }],
    ['step "a" names flow 999999, which does not exist.', { steps: [{ id: 'a', flow: 999_999 }] }],
    [
      'step id "a" is used twice.',
      {
        steps: [
          { id: 'a', flow: 1 },
          { id: 'a', flow: 1 },
        ],
      },
    ],
    [
      'step "b" waits for "z", which is not a step.',
      {
        steps: [
          { id: 'a', flow: 1 },
          { id: 'b', flow: 1, after: ['z'] },
        ],
      },
    ],
    ['step "a" waits for itself.', { steps: [{ id: 'a', flow: 1, after: ['a'] }] }],
    [
      'steps wait for each other in a circle: "a" waits for "c", "c" waits for "b", "b" waits for "a".',
      {
        steps: [
          { id: 'a', flow: 1, after: ['c'] },
          { id: 'b', flow: 1, after: ['a'] },
          { id: 'c', flow: 1, after: ['b'] },
        ],
      },
    ],
    ['step 1 flow: Invalid input: expected number, received string', { steps: [{ id: 'a', flow: 'orders' }] }],
  ];

  it.each(refusals)('POST answers 400 "Bad Request: definition: %s"', async (message, definition) => {
    const withRealFlows = JSON.parse(JSON.stringify(definition).replaceAll('"flow":1', `"flow":${String(orders.id)}`)) as unknown;
    expectError(await api('/v2/workflows', { method: 'POST', body: { name: 'x', definition: withRealFlows } }), 400, `Bad Request: definition: ${message}`);
  });

  it('PATCH answers the same and keeps the stored definition', async () => {
    const workflow = await createWorkflow(api, twoSteps(orders.id, marts.id));
    const cycle = { steps: [{ id: 'orders', flow: orders.id, after: ['marts'] }, ...twoSteps(orders.id, marts.id).steps.slice(1)] };
    expectError(
      await api(`/v2/workflows/${String(workflow.id)}`, { method: 'PATCH', body: { definition: cycle } }),
      400,
      'Bad Request: definition: steps wait for each other in a circle: "orders" waits for "marts", "marts" waits for "orders".',
    );
    const listed = expectWrapped(await api('/v2/workflows')) as { id: number; definition: unknown }[];
    expect(listed.find((each) => each.id === workflow.id)?.definition).toEqual(twoSteps(orders.id, marts.id));
  });

  it('takes a chain of 1000 steps and refuses 1001 with 400, never 500', async () => {
    const chain = (length: number) => ({
      steps: Array.from({ length }, (_, index) => ({ id: `s${String(index)}`, flow: orders.id, after: index === 0 ? [] : [`s${String(index - 1)}`] })),
    });
    expectStatus(await api('/v2/workflows', { method: 'POST', body: { name: 'Long', definition: chain(1000) } }), 201);
    expectError(
      await api('/v2/workflows', { method: 'POST', body: { name: 'Longer', definition: chain(1001) } }),
      400,
      'Bad Request: definition: a workflow has at most 1000 steps; this one has 1001.',
    );
  });

  it('stores the steps format as it was sent', async () => {
    const created = expectWrapped(await api('/v2/workflows', { method: 'POST', body: { name: 'Two', definition: twoSteps(orders.id, marts.id) } }), 201);
    expect(created).toMatchObject({ definition: twoSteps(orders.id, marts.id) });
  });
});

describe('GET /v2/workflows/{id}/runs (addition)', () => {
  it('lists runs newest first with trigger, outcome, times and duration, each step with its state', async () => {
    const good = await createWorkflow(api, twoSteps(orders.id, marts.id));
    await run(good.id);
    await workflowEnded(api, good.id);
    await run(good.id);
    await workflowEnded(api, good.id);

    const raw = expectWrapped(await api(`/v2/workflows/${String(good.id)}/runs`)) as Record<string, unknown>[];
    expect(raw).toHaveLength(2);
    // Numbered within the workflow: its first run is #1, whatever other workflows ran before.
    expect(raw.map((each) => each.number)).toEqual([2, 1]);
    expect(raw[0]).toEqual({
      id: anyNumber,
      workflow: good.id,
      number: 2,
      retryOf: null,
      retryNumber: 0,
      waitingFor: null,
      trigger: 'manual',
      lifecycle: 'not_running',
      disposition: 'succeeded',
      errors: [],
      createdAt: anyString,
      startedAt: anyString,
      completedAt: anyString,
      durationMs: anyNumber,
      steps: [
        {
          id: 'orders',
          flow: orders.id,
          after: [],
          state: 'succeeded',
          attemptId: anyNumber,
          startedAt: anyString,
          completedAt: anyString,
          errors: [],
          waitingFor: null,
        },
        {
          id: 'marts',
          flow: marts.id,
          after: ['orders'],
          state: 'succeeded',
          attemptId: anyNumber,
          startedAt: anyString,
          completedAt: anyString,
          errors: [],
          waitingFor: null,
        },
      ],
    });
    const [newest, older] = await runs(good.id);
    expect(newest && older && newest.id > older.id).toBe(true);
    for (const each of [newest, older]) {
      expect(each?.durationMs).toBe(Date.parse(each?.completedAt ?? '') - Date.parse(each?.startedAt ?? ''));
      expect(Date.parse(each?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(each?.createdAt ?? ''));
    }
    expect((await runs(good.id, '?limit=1&offset=1')).map((each) => each.id)).toEqual([older?.id]);
  });

  it('answers [] for a workflow never run, 404 for an unknown one and 400 for bad paging', async () => {
    const idle = await createWorkflow(api, { flows: [orders.id] });
    expect(expectWrapped(await api(`/v2/workflows/${String(idle.id)}/runs`))).toEqual([]);
    expect(await lastRun(idle.id)).toBeNull();
    expectError(await api('/v2/workflows/999999/runs'), 404, 'Not Found');
    expectError(await api(`/v2/workflows/${String(idle.id)}/runs?limit=0`), 400, BAD_REQUEST);
    expectError(await api('/v2/workflows/abc/runs'), 400, BAD_REQUEST);
  });

  it('keeps the steps a run was asked with after the definition changes', async () => {
    const workflow = await createWorkflow(api, twoSteps(orders.id, marts.id));
    await run(workflow.id);
    await workflowEnded(api, workflow.id);
    expectStatus(
      await api(`/v2/workflows/${String(workflow.id)}`, { method: 'PATCH', body: { definition: { steps: [{ id: 'only', flow: marts.id }] } } }),
      200,
    );
    expect((await runs(workflow.id))[0]?.steps.map((step) => step.id)).toEqual(['orders', 'marts']);
  });
});

describe('step states', () => {
  it('waiting and running while the first step runs; cancelled and skipped after a cancel', async () => {
    const slow = await createFlow(api, slowSource.id, destination.id, { displayName: 'Slow' });
    const workflow = await createWorkflow(api, twoSteps(slow.id, marts.id));
    await run(workflow.id);
    const running = await eventually(
      async () => {
        const current = await lastRun(workflow.id);
        return statesOf(current).orders === 'running' ? current : undefined;
      },
      10_000,
      'the first step to run',
    );
    expect(statesOf(running)).toEqual({ orders: 'running', marts: 'waiting' });
    expect(running).toMatchObject({ lifecycle: 'running', completedAt: null, durationMs: null });
    expect(running?.steps[0]).toMatchObject({ attemptId: anyNumber, startedAt: anyString, completedAt: null });

    expect(expectWrapped(await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' }))).toBe(true);
    const cancelled = await lastRun(workflow.id);
    expect(statesOf(cancelled)).toEqual({ orders: 'cancelled', marts: 'skipped' });
    expect(cancelled).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', durationMs: anyNumber });
  });

  it('failed, then skipped for the steps after it', async () => {
    const failing = await createFlow(api, source.id, broken.id, { displayName: 'Broken' });
    const workflow = await createWorkflow(api, twoSteps(failing.id, marts.id));
    await run(workflow.id);
    await workflowEnded(api, workflow.id);
    const [failed] = await runs(workflow.id);
    expect(statesOf(failed)).toEqual({ orders: 'failed', marts: 'skipped' });
    expect(failed?.steps[0]?.errors.length).toBeGreaterThan(0);
    expect(failed?.steps[1]).toMatchObject({ attemptId: null, startedAt: null, completedAt: null, errors: [] });
    expect(failed?.errors).toContain('Step "marts" was skipped because a step before it did not succeed.');
  });

  it('failed when the step could not start its flow, with the reason', async () => {
    const busy = await createFlow(api, slowSource.id, destination.id, { displayName: 'Busy' });
    expectStatus(await api(`/v2/flows/${String(busy.id)}/run`, { method: 'POST' }), 201);
    const workflow = await createWorkflow(api, { steps: [{ id: 'busy', flow: busy.id }] });
    await run(workflow.id);
    await workflowEnded(api, workflow.id);
    const [ended] = await runs(workflow.id);
    expect(ended?.steps).toEqual([
      expect.objectContaining({ id: 'busy', state: 'failed', attemptId: null, errors: [`Flow ${String(busy.id)} is already running.`] }),
    ]);
    await api(`/v2/flows/${String(busy.id)}/cancel`, { method: 'POST' });
  });
});
