import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { type WorkflowRun, workflowRunSchema } from '@/api/workflows';
import { createFilesDestination, createFlow, createSampleSource, createWorkflow, expectStatus, workflowEnded } from './fixtures';
import { eventually, startHarness } from './harness';
import { brokenDestination, failureChannel } from './retry-fixtures';

// Issue 31: a workflow's retry policy. A failed workflow run is tried again after its backoff as a new run
// linked to it (retryOf, retryNumber), re-running from its failed steps; the failure alert waits for the
// last retry; a cancel stops the retries. A files destination fails while its folder is a file.

const service = await startHarness({ env: { FLOWDECK_MAX_RUNS: '4' } });
afterAll(() => service.stop());
const { api } = service;
const source = await createSampleSource(api, { row_count: 10 });
const healthy = await createFilesDestination(api);

async function runsOf(workflowId: number): Promise<WorkflowRun[]> {
  const answer = expectStatus(await api(`/v2/workflows/${String(workflowId)}/runs`), 200);
  return dataOf(listOf(workflowRunSchema)).parse(answer.body);
}

const runWhere = (workflowId: number, condition: (run: WorkflowRun) => boolean, what: string) =>
  eventually(async () => (await runsOf(workflowId)).find(condition), 30_000, what);

/** A workflow of two steps: `first` into a healthy folder, then `second` into `destinationId`. */
async function twoStepWorkflow(name: string, destinationId: number, retries: Record<string, unknown>) {
  const first = await createFlow(api, source.id, healthy.id, { displayName: `${name} first` });
  const second = await createFlow(api, source.id, destinationId, { displayName: `${name} second` });
  const definition = {
    steps: [
      { id: 'first', flow: first.id, after: [] },
      { id: 'second', flow: second.id, after: ['first'] },
    ],
  };
  return createWorkflow(api, definition, { name, retries });
}

const start = async (workflowId: number) => {
  expectStatus(await api(`/v2/workflows/${String(workflowId)}/run`, { method: 'POST' }), 201);
};

describe('workflow retries', () => {
  it('retries a failed run from its failed step until it succeeds, each retry linked to the run before', async () => {
    const { destination, fix } = await brokenDestination(api, service.filesDir, 'workflow-retried');
    const workflow = await twoStepWorkflow('Flaky', destination.id, { attempts: 3, backoff: 'fixed', delaySeconds: 2, maxDelaySeconds: 2 });
    await start(workflow.id);
    const firstRetry = await runWhere(workflow.id, (run) => run.retryNumber === 1, 'the first retry to be queued');
    expect(firstRetry.waitingFor).toMatch(/^Retry 1 of 3 of #1, due at \d\d:\d\d:\d\d UTC$/);
    expect(firstRetry.lifecycle).toBe('pending');
    await runWhere(workflow.id, (run) => run.retryNumber === 1 && run.lifecycle === 'not_running', 'the first retry to fail');
    fix();
    const ended = await runWhere(workflow.id, (run) => run.retryNumber === 2 && run.lifecycle === 'not_running', 'the second retry to end');
    expect(ended.disposition).toBe('succeeded');

    const runs = await runsOf(workflow.id);
    expect(runs.map((run) => [run.number, run.retryNumber, run.disposition, run.trigger])).toEqual([
      [3, 2, 'succeeded', 'manual'],
      [2, 1, 'failed', 'manual'],
      [1, 0, 'failed', 'manual'],
    ]);
    const [third, second, original] = runs;
    expect(third?.retryOf).toBe(second?.id);
    expect(second?.retryOf).toBe(original?.id);
    // Each retry kept the step that had succeeded: the first step's attempt is the original run's.
    const firstStepAttempt = (run: WorkflowRun | undefined) => run?.steps.find((step) => step.id === 'first')?.attemptId;
    expect(firstStepAttempt(original)).toEqual(expect.any(Number));
    expect(firstStepAttempt(third)).toBe(firstStepAttempt(original));
    expect(third?.steps.map((step) => step.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('stops retrying when cancelled', async () => {
    const { destination } = await brokenDestination(api, service.filesDir, 'workflow-cancelled');
    const workflow = await twoStepWorkflow('Given up', destination.id, { attempts: 3, backoff: 'fixed', delaySeconds: 30, maxDelaySeconds: 30 });
    await start(workflow.id);
    const waiting = await runWhere(workflow.id, (run) => run.retryNumber === 1, 'the retry to be queued');
    const status = expectStatus(await api(`/v2/workflows/${String(workflow.id)}/status`), 200).body as { lifecycle: string };
    expect(status.lifecycle).toBe('PENDING');
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' }), 200);
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ id: waiting.id, lifecycle: 'not_running', disposition: 'failed', waitingFor: null });
    expect(runs[0]?.errors).toContain('Cancelled by user.');
  });

  it('alerts a failure only once the last retry has failed', async () => {
    const { destination } = await brokenDestination(api, service.filesDir, 'workflow-alerted');
    const workflow = await twoStepWorkflow('Alerted', destination.id, { attempts: 1, backoff: 'fixed', delaySeconds: 6, maxDelaySeconds: 6 });
    const failing = workflow.definition as { steps: { flow: number }[] };
    const flowId = failing.steps[1]?.flow ?? 0;
    const { deliveries, told: toldOnce } = await failureChannel(api, flowId);
    await start(workflow.id);
    await runWhere(workflow.id, (run) => run.retryNumber === 0 && run.lifecycle === 'not_running', 'the first try to fail');
    // The first try failed and is retried: nobody is told yet, though the watch looked (every 2 s).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const retried = await runsOf(workflow.id);
    if (retried.some((run) => run.retryNumber === 1 && run.lifecycle === 'not_running'))
      throw new Error('The retry ended before the check: lengthen its delay.');
    expect(await deliveries()).toEqual([]);
    await workflowEnded(api, workflow.id);
    await runWhere(workflow.id, (run) => run.retryNumber === 1 && run.lifecycle === 'not_running', 'the retry to fail');
    const told = await toldOnce();
    expect(told).toHaveLength(1);
    expect(told[0]?.event).toBe('run_failed');
  });
});
