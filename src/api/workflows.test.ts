import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { PLAN_MESSAGES, STARTER_API_KEY } from '@/mock-service/auth';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';
import { getWebhookTrigger } from './webhooks';
import { cancelWorkflow, deleteWorkflow, getWorkflowStatus, listWorkflowRuns, listWorkflows, runWorkflow } from './workflows';

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('listWorkflows', () => {
  it('reads empty cron as null, null node_schemas and the opaque definition', async () => {
    const workflows = await listWorkflows();
    expect(workflows.map((workflow) => workflow.enabled)).toEqual([true, true, false, true]);
    const crm = workflows.find((workflow) => workflow.id === SEED.failingWorkflowId);
    expect(crm).toMatchObject({ name: 'CRM reconciliation', cron: null, frequency: '24h', nodeSchemas: null });
    expect(crm?.definition).toMatchObject({ flows: [3, 10] });
    expect(workflows[0]).toMatchObject({ cron: '0 2 * * *', frequency: null });
    expect(workflows[0]?.nodeSchemas).toMatchObject({ orders: { type: 'flow' } });
  });

  it('answers 403 with the plan message verbatim for a plan without workflows', async () => {
    signIn(STARTER_API_KEY);
    const error = await apiError(listWorkflows());
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, message: 'Your current plan does not support workflows.' });
    expect(await apiError(getWorkflowStatus(1))).toMatchObject({ message: PLAN_MESSAGES.workflows });
    expect(await apiError(runWorkflow(1))).toMatchObject({ kind: 'forbidden' });
    expect(await apiError(cancelWorkflow(1))).toMatchObject({ kind: 'forbidden' });
    expect(await apiError(deleteWorkflow(1))).toMatchObject({ kind: 'forbidden' });
  });

  it('answers 401 without a key', async () => {
    signIn(null);
    expect(await apiError(listWorkflows())).toMatchObject({ kind: 'unauthorized', message: 'Unauthorized' });
  });
});

describe('getWorkflowStatus', () => {
  it('reads the unwrapped UPPERCASE status as lowercase', async () => {
    const wire = await rawCall('GET', `/v2/workflows/${String(SEED.failingWorkflowId)}/status`);
    expect(wire.body).toMatchObject({ id: SEED.failingWorkflowId, lifecycle: 'NOT_RUNNING', disposition: 'FAILED' });
    expect(wire.body).not.toHaveProperty('data');
    const status = await getWorkflowStatus(SEED.failingWorkflowId);
    expect(status).toMatchObject({ id: SEED.failingWorkflowId, lifecycle: 'not_running', disposition: 'failed' });
    expect(status.errors[0]).toMatch(/^Flow 3 \(CRM to warehouse\) failed/);
    expect(status.completedAt).not.toBeNull();
  });

  it('reads a never-run workflow as not running with nothing to show', async () => {
    expect(await getWorkflowStatus(SEED.disabledWorkflowId)).toEqual({
      id: SEED.disabledWorkflowId,
      lifecycle: 'not_running',
      disposition: 'none',
      resources: [],
      errors: [],
      completedAt: null,
      lastRun: null,
    });
  });

  it('also accepts a wrapped status and keeps unknown values', async () => {
    mockService.failNext('getWorkflowStatus', { body: { data: { id: 1, lifecycle: 'PAUSED', disposition: 'SKIPPED' } } });
    expect(await getWorkflowStatus(1)).toMatchObject({ lifecycle: 'paused', disposition: 'skipped', resources: [], completedAt: null });
  });

  it('answers 404 for an unknown workflow and keeps a persistent failure until reset', async () => {
    expect(await apiError(getWorkflowStatus(999))).toMatchObject({ kind: 'not_found' });
    mockService.fail('getWorkflowStatus', { status: 403, message: 'Your current plan does not support workflow status.' });
    expect(await apiError(getWorkflowStatus(1))).toMatchObject({ kind: 'forbidden', message: 'Your current plan does not support workflow status.' });
    expect(await apiError(getWorkflowStatus(1))).toMatchObject({ kind: 'forbidden' });
    mockService.reset();
    await expect(getWorkflowStatus(1)).resolves.toMatchObject({ id: 1 });
  });
});

describe('runWorkflow', () => {
  it('goes pending, running, then succeeded with every resource of its flows loaded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const started = await runWorkflow(SEED.succeedingWorkflowId);
    expect(started.message).toBeNull();
    expect(await getWorkflowStatus(1)).toMatchObject({ lifecycle: 'pending', disposition: 'none', completedAt: null });
    vi.advanceTimersByTime(mockService.db.runDurationMs / 2);
    const running = await getWorkflowStatus(1);
    expect(running.lifecycle).toBe('running');
    expect(running.resources.some((resource) => resource.extracted > 0)).toBe(true);
    vi.advanceTimersByTime(mockService.db.runDurationMs);
    const done = await getWorkflowStatus(1);
    expect(done).toMatchObject({ lifecycle: 'not_running', disposition: 'succeeded', errors: [] });
    expect(done.resources.map((resource) => resource.name)).toEqual(expect.arrayContaining(['orders', 'invoices', 'issues']) as unknown);
    expect(done.resources.every((resource) => resource.loaded > 0 && resource.errors.length === 0)).toBe(true);
  });

  it('fails a workflow containing a failing flow', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await runWorkflow(SEED.failingWorkflowId);
    vi.advanceTimersByTime(mockService.db.runDurationMs);
    const status = await getWorkflowStatus(SEED.failingWorkflowId);
    expect(status).toMatchObject({ lifecycle: 'not_running', disposition: 'failed' });
    expect(status.errors).toHaveLength(2);
  });

  it('runs a disabled workflow by hand, as the service does (only its schedule and webhooks skip it)', async () => {
    expect((await runWorkflow(SEED.disabledWorkflowId)).message).toBeNull();
    expect(await getWorkflowStatus(SEED.disabledWorkflowId)).toMatchObject({ lifecycle: 'pending', disposition: 'none', completedAt: null });
  });

  it('answers 400 while running, 404 unknown, 500 on a service failure', async () => {
    expect(await apiError(runWorkflow(SEED.runningWorkflowId))).toMatchObject({ kind: 'bad_request', message: 'Workflow 4 is already running.' });
    expect(await apiError(runWorkflow(999))).toMatchObject({ kind: 'not_found' });
    mockService.failNext('runWorkflow', { status: 500 });
    expect(await apiError(runWorkflow(1))).toMatchObject({ kind: 'server', message: 'Internal Server Error' });
  });
});

describe('cancelWorkflow', () => {
  it('answers { data: true } and ends the running workflow as failed', async () => {
    const wire = await rawCall('POST', `/v2/workflows/${String(SEED.runningWorkflowId)}/cancel`);
    expect(wire).toEqual({ status: 200, body: { data: true } });
    expect(await getWorkflowStatus(SEED.runningWorkflowId)).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: ['Cancelled by user.'] });
    await expect(cancelWorkflow(SEED.runningWorkflowId)).resolves.toEqual({ message: null });
  });

  it('answers 404 for an unknown workflow and 500 on a service failure', async () => {
    expect(await apiError(cancelWorkflow(999))).toMatchObject({ kind: 'not_found' });
    mockService.failNext('cancelWorkflow', { status: 500 });
    expect(await apiError(cancelWorkflow(1))).toMatchObject({ kind: 'server', status: 500 });
  });
});

describe('deleteWorkflow', () => {
  it('answers 204 without a body, then the workflow and its triggers are gone', async () => {
    await expect(deleteWorkflow(1)).resolves.toEqual({ message: null });
    expect(mockService.calls.at(-1)?.operation).toBe('deleteWorkflow');
    expect(await apiError(getWorkflowStatus(1))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(await apiError(deleteWorkflow(1))).toMatchObject({ kind: 'not_found' });
    expect(await apiError(getWebhookTrigger(1, 1))).toMatchObject({ kind: 'not_found' });
    expect((await listWorkflows()).map((workflow) => workflow.id)).toEqual([2, 3, 4]);
  });

  it('answers 401 without a key', async () => {
    signIn('nope');
    expect(await apiError(deleteWorkflow(1))).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('listWorkflowRuns (addition) and the status’s lastRun', () => {
  it('lists runs newest first with trigger, outcome, times and duration, and each step with its state', async () => {
    const runs = await listWorkflowRuns(SEED.succeedingWorkflowId);
    expect(runs.map((run) => run.id)).toEqual([2, 1]);
    for (const run of runs) {
      expect(run).toMatchObject({ workflow: 1, trigger: 'scheduled', lifecycle: 'not_running', disposition: 'succeeded' });
      expect(run.durationMs).toBe(Date.parse(run.completedAt ?? '') - Date.parse(run.startedAt ?? ''));
      expect(run.steps.map((step) => [step.id, step.flow, step.after, step.state])).toEqual([
        ['orders', 1, [], 'succeeded'],
        ['billing', 4, [], 'succeeded'],
        ['github', 6, ['orders'], 'succeeded'],
      ]);
    }
    expect(await listWorkflowRuns(SEED.succeedingWorkflowId, { limit: 1, offset: 1 })).toMatchObject([{ id: 1 }]);
    expect(await apiError(listWorkflowRuns(999))).toMatchObject({ kind: 'not_found' });
  });

  it('skips the steps after a failed one and says so', async () => {
    const [run] = await listWorkflowRuns(SEED.failingWorkflowId);
    expect(run?.disposition).toBe('failed');
    expect(run?.steps.map((step) => [step.id, step.state])).toEqual([
      ['crm-warehouse', 'failed'],
      ['crm-reporting', 'skipped'],
    ]);
    expect(run?.errors).toContain('Step "crm-reporting" was skipped because a step before it did not succeed.');
  });

  it('moves each step from waiting to running to succeeded as the run goes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await runWorkflow(SEED.succeedingWorkflowId);
    const states = async () => Object.fromEntries((await getWorkflowStatus(1)).lastRun?.steps.map((step) => [step.id, step.state]) ?? []);
    expect(await states()).toEqual({ orders: 'waiting', billing: 'waiting', github: 'waiting' });
    vi.advanceTimersByTime(mockService.db.runDurationMs * 0.3);
    expect(await states()).toEqual({ orders: 'running', billing: 'running', github: 'waiting' });
    vi.advanceTimersByTime(mockService.db.runDurationMs * 0.4);
    expect(await states()).toEqual({ orders: 'succeeded', billing: 'succeeded', github: 'running' });
    vi.advanceTimersByTime(mockService.db.runDurationMs);
    expect(await states()).toEqual({ orders: 'succeeded', billing: 'succeeded', github: 'succeeded' });
    const [latest] = await listWorkflowRuns(1);
    expect(latest).toMatchObject({ trigger: 'manual', disposition: 'succeeded', durationMs: expect.any(Number) as unknown });
  });

  it('marks the running steps cancelled and the waiting ones skipped on cancel', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await runWorkflow(SEED.succeedingWorkflowId);
    vi.advanceTimersByTime(mockService.db.runDurationMs * 0.3);
    await cancelWorkflow(SEED.succeedingWorkflowId);
    const run = (await getWorkflowStatus(1)).lastRun;
    expect(run?.steps.map((step) => [step.id, step.state])).toEqual([
      ['orders', 'cancelled'],
      ['billing', 'cancelled'],
      ['github', 'skipped'],
    ]);
  });
});
