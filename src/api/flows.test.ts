import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { STARTER_API_KEY } from '@/mock-service/auth';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';
import { cancelFlow, createFlow, createFlowInputSchema, deleteFlow, getFlowStatus, listFlows, listRunAttempts, runFlow, updateFlow } from './flows';

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Fakes only Date: the mock computes progress from the clock, real timers keep fetch working. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  return (ms: number) => vi.advanceTimersByTime(ms);
}

async function latestAttempt(flowId: number) {
  const [attempt] = await listRunAttempts(flowId, { limit: 1 });
  if (!attempt) throw new Error(`flow ${String(flowId)} has no attempts`);
  return attempt;
}

describe('listFlows', () => {
  it('reads flows scheduled by frequency or cron, the other field null', async () => {
    const flows = await listFlows();
    expect(flows.length).toBeGreaterThanOrEqual(12);
    expect(flows.find((flow) => flow.id === 1)).toEqual({
      id: 1,
      displayName: 'Orders to warehouse',
      source: 1,
      destination: 1,
      frequency: '1h',
      cron: null,
      paused: false,
      // Running now: never late, whatever the clock.
      freshness: 'on_time',
      // A service that does not say how the flow keeps its tables (the mock before it learns): the defaults.
      namespace: null,
      tablePrefix: '',
      schemaChanges: 'propagate',
      resources: [],
    });
    expect(flows.find((flow) => flow.id === 2)).toMatchObject({ frequency: null, cron: '0 */6 * * *' });
  });

  it('reads paused, and a flow without it (a hosted service) as not paused', async () => {
    expect((await listFlows()).find((flow) => flow.id === SEED.pausedFlowId)?.paused).toBe(true);
    const hosted = { id: 7, displayName: 'Hosted', source: 1, destination: 2, frequency: '1h' };
    mockService.failNext('listFlows', { body: { data: [hosted, { ...hosted, id: 8, paused: null }] } });
    expect((await listFlows()).map((flow) => flow.paused)).toEqual([false, false]);
  });

  it('fails with unauthorized without a valid key', async () => {
    signIn('not-a-key');
    const error = await apiError(listFlows());
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Unauthorized' });
  });

  it('passes a 403 plan message through verbatim', async () => {
    mockService.failNext('listFlows', { status: 403, message: 'Your current plan does not support flows.' });
    const error = await apiError(listFlows());
    expect(error).toMatchObject({ kind: 'forbidden', message: 'Your current plan does not support flows.' });
  });

  it('reports a body that breaks the contract as invalid_response with issues', async () => {
    mockService.failNext('listFlows', { body: { data: 'nonsense' } });
    const error = await apiError(listFlows());
    expect(error.kind).toBe('invalid_response');
    expect(error.issues.length).toBeGreaterThan(0);
    expect(error.issues[0]).toMatch(/^data:/);
  });

  it('reports a body that is not JSON as invalid_response', async () => {
    mockService.failNext('listFlows', { rawBody: '<html>proxy error</html>' });
    const error = await apiError(listFlows());
    expect(error).toMatchObject({ kind: 'invalid_response', issues: ['body is not JSON'] });
  });
});

describe('listRunAttempts', () => {
  it('sends the documented defaults as query parameters', async () => {
    await listRunAttempts(1);
    const call = mockService.calls.at(-1);
    expect(call?.operation).toBe('listRunAttempts');
    const query = new URL(call?.url ?? '').searchParams;
    expect(Object.fromEntries(query)).toEqual({ limit: '100', offset: '0', order: 'DESC', sort: 'desc' });
  });

  it('rejects out-of-range limits before sending anything', async () => {
    for (const limit of [0, 1001]) {
      const error = await apiError(listRunAttempts(1, { limit }));
      expect(error.kind).toBe('bad_request');
      expect(error.status).toBeUndefined();
    }
    expect(await apiError(listRunAttempts(1, { offset: -1 }))).toMatchObject({ kind: 'bad_request' });
    expect(mockService.calls).toHaveLength(0);
  });

  it('sorts by createdAt, newest first by default, and pages with limit and offset', async () => {
    const all = await listRunAttempts(1);
    const created = all.map((attempt) => attempt.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const ascending = await listRunAttempts(1, { order: 'ASC' });
    expect(ascending.map((attempt) => attempt.id)).toEqual(all.map((attempt) => attempt.id).reverse());
    const page = await listRunAttempts(1, { limit: 2, offset: 1 });
    expect(page.map((attempt) => attempt.id)).toEqual(all.slice(1, 3).map((attempt) => attempt.id));
  });

  it('puts the documented quirks on the wire: failed without resources, running with completedAt null', async () => {
    const failed = await rawCall('GET', `/v2/flows/${String(SEED.failingFlowId)}/run?limit=1`);
    expect(failed.body).toMatchObject({ data: [{ lifecycle: 'not_running', disposition: 'failed', errors: expect.any(Array) as unknown }] });
    expect(failed.body).not.toHaveProperty('data.0.resources');
    const running = await rawCall('GET', `/v2/flows/${String(SEED.runningFlowId)}/run?limit=1`);
    expect(running.body).toMatchObject({ data: [{ lifecycle: 'running', disposition: 'none', completedAt: null }] });
  });

  it('reads a failed attempt without resources as resources [] with its errors', async () => {
    const attempt = await latestAttempt(SEED.failingFlowId);
    expect(attempt).toMatchObject({ flow: SEED.failingFlowId, lifecycle: 'not_running', disposition: 'failed', resources: [] });
    expect(attempt.errors[0]).toMatch(/password authentication failed/);
    expect(attempt.completedAt).not.toBeNull();
  });

  it('reads a running attempt with completedAt null and disposition none', async () => {
    const attempt = await latestAttempt(SEED.runningFlowId);
    expect(attempt).toMatchObject({ lifecycle: 'running', disposition: 'none', completedAt: null, errors: [] });
    expect(attempt.resources.length).toBeGreaterThan(0);
  });

  it('reads the attempt number within its flow, and null from a service without numbers', async () => {
    const attempts = await listRunAttempts(SEED.workflowStepFlowId, { order: 'ASC' });
    expect(attempts.map((attempt) => attempt.number)).toEqual(attempts.map((_, index) => index + 1));
    expect(attempts.slice(1, 3).map((attempt) => attempt.trigger)).toEqual(['workflow', 'webhook']);
    const hosted = {
      id: 90,
      flow: 1,
      trigger: 'manual',
      lifecycle: 'not_running',
      disposition: 'succeeded',
      completedAt: null,
      createdAt: '2025-01-01T00:00:00Z',
    };
    mockService.failNext('listRunAttempts', { body: { data: [hosted] } });
    expect((await listRunAttempts(1))[0]).toMatchObject({ id: 90, number: null });
  });

  it('keeps unknown trigger, lifecycle and disposition values as they come', async () => {
    const attempt = { id: 1, flow: 1, trigger: 'webhook', lifecycle: 'paused', disposition: 'SKIPPED', completedAt: null, createdAt: '2025-01-01T00:00:00Z' };
    mockService.failNext('listRunAttempts', { body: { data: [attempt] } });
    const [read] = await listRunAttempts(1);
    expect(read).toMatchObject({ trigger: 'webhook', lifecycle: 'paused', disposition: 'skipped', resources: [], errors: [] });
  });

  it('sends the direction as order and as sort (the hosted name), which the service reads in any case', async () => {
    await listRunAttempts(1, { order: 'ASC' });
    expect(Object.fromEntries(new URL(mockService.calls.at(-1)?.url ?? '').searchParams)).toMatchObject({ order: 'ASC', sort: 'asc' });
    const ids = async (query: string) =>
      ((await rawCall('GET', `/v2/flows/1/run${query}`)).body as { data: { id: number }[] }).data.map((attempt) => attempt.id);
    const newestFirst = await ids('');
    expect(await ids('?sort=asc')).toEqual([...newestFirst].reverse());
    expect(await ids('?order=asc')).toEqual([...newestFirst].reverse());
    expect(await ids('?sort=DESC')).toEqual(newestFirst);
  });

  it('answers 400 for bad query values sent around the API layer, 404 for an unknown flow', async () => {
    expect(await rawCall('GET', '/v2/flows/1/run?limit=0')).toMatchObject({ status: 400 });
    expect(await rawCall('GET', '/v2/flows/1/run?order=sideways')).toMatchObject({ status: 400 });
    expect(await rawCall('GET', '/v2/flows/1/run?sort=asc&order=desc')).toMatchObject({ status: 400 });
    expect(await rawCall('GET', '/v2/flows/bad_flow_id/run')).toMatchObject({ status: 400 });
    expect(await apiError(listRunAttempts(999))).toMatchObject({ kind: 'not_found', status: 404, message: 'Not Found' });
  });
});

describe('runFlow', () => {
  it('starts a manual run that grows its counts and then succeeds', async () => {
    const advance = fakeClock();
    const started = await runFlow(1);
    // 201 `{ "message": "Created" }` says no more than the status: read as no message.
    expect(mockService.calls.at(-1)?.operation).toBe('runFlow');
    expect(started.message).toBeNull();

    const first = await latestAttempt(1);
    expect(first).toMatchObject({ trigger: 'manual', lifecycle: 'running', disposition: 'none', completedAt: null });
    expect(first.resources.every((resource) => resource.loaded === 0)).toBe(true);

    advance(mockService.db.runDurationMs / 2);
    const halfway = await latestAttempt(1);
    expect(halfway.lifecycle).toBe('running');
    expect(halfway.resources.some((resource) => resource.extracted > 0)).toBe(true);

    advance(mockService.db.runDurationMs);
    const done = await latestAttempt(1);
    expect(done).toMatchObject({ id: first.id, lifecycle: 'not_running', disposition: 'succeeded', errors: [] });
    expect(done.completedAt).not.toBeNull();
    for (const resource of done.resources) {
      expect(resource.loaded).toBe(resource.extracted);
      expect(resource.loaded).toBeGreaterThan(0);
    }
  });

  it('fails the flow whose source has a bad password, with errors and no resources', async () => {
    const advance = fakeClock();
    await runFlow(SEED.failingFlowId);
    expect((await latestAttempt(SEED.failingFlowId)).lifecycle).toBe('running');
    advance(mockService.db.runDurationMs + 1);
    const attempt = await latestAttempt(SEED.failingFlowId);
    expect(attempt).toMatchObject({ trigger: 'manual', lifecycle: 'not_running', disposition: 'failed', resources: [] });
    expect(attempt.errors.length).toBeGreaterThan(0);
  });

  it('refuses a second run while one is running with the message', async () => {
    await runFlow(3);
    const error = await apiError(runFlow(3));
    expect(error).toMatchObject({ kind: 'bad_request', status: 400, message: 'Flow 3 is already running.' });
  });

  it('answers 404 for an unknown flow and 500 when the service fails', async () => {
    expect(await apiError(runFlow(999))).toMatchObject({ kind: 'not_found', status: 404 });
    mockService.failNext('runFlow', { status: 500 });
    expect(await apiError(runFlow(1))).toMatchObject({ kind: 'server', status: 500, message: 'Internal Server Error' });
  });

  it('fails with forbidden for a plan without flows', async () => {
    mockService.failNext('runFlow', { status: 403, message: 'Your current plan does not support running flows.' });
    expect(await apiError(runFlow(1))).toMatchObject({ kind: 'forbidden', message: 'Your current plan does not support running flows.' });
  });

  it('lets the starter key run flows (only workflows are outside its plan)', async () => {
    signIn(STARTER_API_KEY);
    await expect(runFlow(1)).resolves.toEqual({ message: null });
  });

  it('answers 201 { "message": "Created" } on the wire, and keeps any other message a service writes', async () => {
    expect(await rawCall('POST', '/v2/flows/1/run')).toEqual({ status: 201, body: { message: 'Created' } });
    mockService.failNext('runFlow', { status: 201, body: { message: 'Flow run started.' } });
    expect(await runFlow(2)).toEqual({ message: 'Flow run started.' });
  });
});

describe('cancelFlow', () => {
  it('ends a running flow as failed with "Cancelled by user."', async () => {
    await runFlow(1);
    const cancelled = await cancelFlow(1);
    expect(cancelled.message).toBe('Flow run cancelled.');
    const attempt = await latestAttempt(1);
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: ['Cancelled by user.'], resources: [] });
    await expect(runFlow(1)).resolves.toEqual({ message: null });
  });

  it('has no effect on a flow that is not running', async () => {
    const before = await listRunAttempts(1);
    const answer = await cancelFlow(1);
    expect(answer.message).toBe('Flow is not running.');
    expect(await listRunAttempts(1)).toEqual(before);
  });

  it('answers 404 for an unknown flow, 500 when the service fails and 401 without a key', async () => {
    expect(await apiError(cancelFlow(999))).toMatchObject({ kind: 'not_found' });
    mockService.failNext('cancelFlow', { status: 500 });
    expect(await apiError(cancelFlow(1))).toMatchObject({ kind: 'server', status: 500 });
    signIn(null);
    expect(await apiError(cancelFlow(1))).toMatchObject({ kind: 'unauthorized', message: 'Unauthorized' });
  });
});

describe('createFlow', () => {
  it('creates a flow on a frequency, manual when no schedule is given, and lists it', async () => {
    const hourly = await createFlow({ displayName: '  Orders hourly ', source: 1, destination: 2, frequency: '1h' });
    expect(hourly).toMatchObject({ displayName: 'Orders hourly', source: 1, destination: 2, frequency: '1h', cron: null });
    expect(mockService.calls.at(-1)).toMatchObject({ operation: 'createFlow', method: 'POST' });
    const unscheduled = await createFlow({ displayName: 'By hand', source: 1, destination: 2 });
    expect(unscheduled).toMatchObject({ frequency: 'manual', cron: null });
    expect((await listFlows()).map((flow) => flow.id)).toEqual(expect.arrayContaining([hourly.id, unscheduled.id]));
  });

  it('keeps a cron over a frequency', async () => {
    const flow = await createFlow({ displayName: 'Nightly', source: 1, destination: 1, frequency: '1h', cron: '30 2 * * *' });
    expect(flow).toMatchObject({ cron: '30 2 * * *', frequency: null });
  });

  it('refuses a body the writer rejects before sending anything', async () => {
    expect(await apiError(createFlow({ displayName: ' ', source: 1, destination: 1 }))).toMatchObject({ kind: 'bad_request' });
    expect(await apiError(createFlow({ displayName: 'x', source: 0, destination: 1 }))).toMatchObject({ kind: 'bad_request' });
    // @ts-expect-error: a frequency the interface does not list
    expect(await apiError(createFlow({ displayName: 'x', source: 1, destination: 1, frequency: '5m' }))).toMatchObject({ kind: 'bad_request' });
    expect(mockService.calls).toHaveLength(0);
  });

  it("passes the service's 400 message through for an unknown source or an invalid cron", async () => {
    expect(await apiError(createFlow({ displayName: 'x', source: 99, destination: 1 }))).toMatchObject({
      kind: 'bad_request',
      status: 400,
      message: 'Bad Request: Source 99 does not exist.',
    });
    expect(await apiError(createFlow({ displayName: 'x', source: 1, destination: 1, cron: 'every day' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Bad Request: cron: /) as unknown,
    });
    signIn(null);
    expect(await apiError(createFlow({ displayName: 'x', source: 1, destination: 1 }))).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('updateFlow', () => {
  it('changes only what is sent; a frequency replaces a cron and an empty cron clears it', async () => {
    expect(await updateFlow(2, { displayName: 'Renamed' })).toMatchObject({ id: 2, displayName: 'Renamed', source: 1, destination: 2, cron: '0 */6 * * *' });
    expect(await updateFlow(2, { frequency: '12h' })).toMatchObject({ frequency: '12h', cron: null });
    expect(await updateFlow(2, { cron: '0 3 * * *' })).toMatchObject({ frequency: null, cron: '0 3 * * *' });
    expect(await updateFlow(2, { cron: '' })).toMatchObject({ frequency: 'manual', cron: null });
    expect((await listFlows()).find((flow) => flow.id === 2)).toMatchObject({ displayName: 'Renamed', frequency: 'manual' });
  });

  it('pauses and resumes; a new flow cannot be created paused', async () => {
    expect(await updateFlow(1, { paused: true })).toMatchObject({ id: 1, frequency: '1h', paused: true });
    expect((await listFlows()).find((flow) => flow.id === 1)?.paused).toBe(true);
    expect(await updateFlow(1, { paused: false })).toMatchObject({ paused: false });
    // The writer refuses it before sending: a flow is created running on its schedule.
    expect(() => createFlowInputSchema.parse({ displayName: 'x', source: 1, destination: 1, paused: true })).toThrow();
  });

  it('answers 404 for an unknown flow and 400 for an unknown destination', async () => {
    expect(await apiError(updateFlow(999, { displayName: 'x' }))).toMatchObject({ kind: 'not_found' });
    expect(await apiError(updateFlow(1, { destination: 99 }))).toMatchObject({ status: 400, message: 'Bad Request: Destination 99 does not exist.' });
  });
});

describe('deleteFlow', () => {
  it('removes a flow even while it runs, with its attempts', async () => {
    await runFlow(1);
    await deleteFlow(1);
    expect((await listFlows()).some((flow) => flow.id === 1)).toBe(false);
    expect(await apiError(listRunAttempts(1))).toMatchObject({ kind: 'not_found' });
    expect(await apiError(deleteFlow(1))).toMatchObject({ kind: 'not_found' });
  });
});

describe('getFlowStatus', () => {
  it('reads the hosted shape, unwrapped and UPPERCASE, with the latest attempt beside it', async () => {
    const wire = await rawCall('GET', `/v2/flows/${String(SEED.runningFlowId)}/status`);
    expect(wire.body).toMatchObject({ id: SEED.runningFlowId, lifecycle: 'RUNNING', disposition: 'NONE', errors: null, completedAt: null });
    const running = await getFlowStatus(SEED.runningFlowId);
    expect(running).toMatchObject({
      id: SEED.runningFlowId,
      lifecycle: 'running',
      disposition: 'none',
      errors: [],
      completedAt: null,
      lastAttempt: { lifecycle: 'running', completedAt: null },
    });
    expect(running.resources.length).toBeGreaterThan(0);
    expect(running.resources.map((resource) => resource.name)).toEqual(running.lastAttempt?.resources.map((resource) => resource.name));
    expect(await getFlowStatus(SEED.idleFlowId)).toEqual({
      id: SEED.idleFlowId,
      lifecycle: 'not_running',
      disposition: 'none',
      resources: [],
      errors: [],
      completedAt: null,
      lastAttempt: null,
    });
  });

  it('reads a failed run: errors as a list, null read as none', async () => {
    const failed = await getFlowStatus(SEED.failingFlowId);
    expect(failed).toMatchObject({ lifecycle: 'not_running', disposition: 'failed' });
    expect(failed.errors[0]).toMatch(/password authentication failed/);
    expect(failed.completedAt).not.toBeNull();
  });

  it('reads the hosted service’s own answer, without lastAttempt: lastAttempt stays undefined (not reported)', async () => {
    const hosted = {
      id: 7,
      lifecycle: 'PENDING',
      disposition: 'NONE',
      resources: [{ name: 'events', extracted: 1400, analyzed: 0, loaded: 0, errors: [] }],
      errors: null,
      completedAt: null,
    };
    mockService.failNext('getFlowStatus', { body: hosted });
    const status = await getFlowStatus(7);
    expect(status).toEqual({
      id: 7,
      lifecycle: 'pending',
      disposition: 'none',
      // Flowdeck's written and committed read as nothing written, nothing committed when a service does not say.
      resources: [{ name: 'events', extracted: 1400, analyzed: 0, loaded: 0, written: 0, committed: false, errors: [] }],
      errors: [],
      completedAt: null,
      lastAttempt: undefined,
    });
    // The documentation's example writes them lowercase with errors []: the same reading.
    mockService.failNext('getFlowStatus', { body: { ...hosted, lifecycle: 'running', disposition: 'none', errors: [] } });
    expect(await getFlowStatus(7)).toMatchObject({ lifecycle: 'running', disposition: 'none', errors: [] });
  });

  it('reads Flowdeck’s earlier shape { data: { id, lifecycle, disposition, lastAttempt } }, the rest from the attempt', async () => {
    const attempt = {
      id: 9,
      flow: 3,
      trigger: 'manual',
      lifecycle: 'not_running',
      disposition: 'failed',
      errors: ['orders: boom'],
      completedAt: '2026-01-01T00:01:00Z',
      createdAt: '2026-01-01T00:00:00Z',
      resources: [{ name: 'orders', extracted: 5, analyzed: 5, loaded: 0 }],
    };
    mockService.failNext('getFlowStatus', { body: { data: { id: 3, lifecycle: 'not_running', disposition: 'failed', lastAttempt: attempt } } });
    expect(await getFlowStatus(3)).toEqual({
      id: 3,
      lifecycle: 'not_running',
      disposition: 'failed',
      resources: [{ name: 'orders', extracted: 5, analyzed: 5, loaded: 0, written: 0, committed: false, errors: [] }],
      errors: ['orders: boom'],
      completedAt: '2026-01-01T00:01:00Z',
      lastAttempt: expect.objectContaining({ id: 9 }) as unknown,
    });
    mockService.failNext('getFlowStatus', { body: { data: { id: 4, lifecycle: 'not_running', disposition: 'none', lastAttempt: null } } });
    expect(await getFlowStatus(4)).toEqual({
      id: 4,
      lifecycle: 'not_running',
      disposition: 'none',
      resources: [],
      errors: [],
      completedAt: null,
      lastAttempt: null,
    });
  });

  it('answers 404 for an unknown flow and 400 for an id that is not a number', async () => {
    expect(await apiError(getFlowStatus(999))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(await rawCall('GET', '/v2/flows/bad_flow_id/status')).toMatchObject({ status: 400 });
  });
});

describe('listFlows paging', () => {
  it('reads every page of a service that pages, and stops at once on one that answers everything', async () => {
    const extra = Array.from({ length: 2_100 }, (_, index) => ({
      id: 1_000 + index,
      displayName: `Flow ${String(index)}`,
      source: 1,
      destination: 1,
      frequency: '1h',
      cron: null,
      paused: false,
    }));
    mockService.db.state.flows.push(...extra);
    const all = await listFlows();
    expect(all).toHaveLength(14 + 2_100);
    expect(mockService.calls.map((call) => new URL(call.url).searchParams.get('offset'))).toEqual(['0', '1000', '2000']);

    mockService.calls.length = 0;
    const whole = { data: extra.slice(0, 1_500) };
    mockService.failNext('listFlows', { body: whole });
    expect(await listFlows()).toHaveLength(1_500);
    expect(mockService.calls).toHaveLength(1);
  });
});
