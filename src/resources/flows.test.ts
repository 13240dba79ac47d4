import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type RunAttempt, runAttemptSchema } from '@/api/flows';
import { liveQueryOptions, liveScopes } from '@/lib/live-query';
import { FAST_POLL_MS, IDLE_POLL_MS } from '@/lib/polling';
import { isRunActive } from '@/lib/run-status';
import { signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { renderWithClient } from '@/test/render-hook';
import { mockService } from '@/test/server';
import {
  flowQueries,
  useBulkFlowAction,
  useCancelFlow,
  useCreateFlow,
  useDeleteFlow,
  useRefetchAttemptsOnNewAttempt,
  useRunFlow,
  useSetFlowPaused,
  useUpdateFlow,
} from './flows';
import { ServiceSupport } from './service-support';

// A flow's status with its newest attempt, from three kinds of service: Flowdeck's (the hosted shape with
// lastAttempt beside it: one request), the hosted one (the status alone: the newest attempt is read
// instead, from then on) and one without the status operation (404: the same).

/** What a sign-in learns of its service: a fresh one for each test. */
let service = new ServiceSupport();

function load() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (id: number) => client.query({ ...flowQueries.status(service, id), staleTime: 0 });
}

const operations = () => mockService.calls.map((call) => call.operation);

beforeEach(() => {
  signIn();
  service = new ServiceSupport();
});

describe('flowQueries.status', () => {
  it('reads Flowdeck’s answer in one request, the attempt included', async () => {
    const status = load();
    const running = await status(SEED.runningFlowId);
    expect(running).toMatchObject({ lifecycle: 'running', disposition: 'none', lastAttempt: { flow: SEED.runningFlowId, lifecycle: 'running' } });
    expect(await status(SEED.idleFlowId)).toMatchObject({ lifecycle: 'not_running', disposition: 'none', lastAttempt: null });
    expect(operations()).toEqual(['getFlowStatus', 'getFlowStatus']);
  });

  it('reads the newest attempt where the service answers the status without it (the hosted service)', async () => {
    mockService.fail('getFlowStatus', {
      body: { id: SEED.failingFlowId, lifecycle: 'NOT_RUNNING', disposition: 'FAILED', resources: [], errors: ['boom'], completedAt: null },
    });
    const status = load();
    const failed = await status(SEED.failingFlowId);
    expect(failed).toMatchObject({
      id: SEED.failingFlowId,
      lifecycle: 'not_running',
      disposition: 'failed',
      lastAttempt: { flow: SEED.failingFlowId, disposition: 'failed' },
    });
    expect(failed.errors[0]).toMatch(/password authentication failed/);
    expect(await status(SEED.idleFlowId)).toMatchObject({ lastAttempt: null, lifecycle: 'not_running', disposition: 'none' });
    expect(operations()).toEqual(['getFlowStatus', 'listRunAttempts', 'listRunAttempts']);
  });

  it('reads the newest attempt where the service has no status operation, and still says not found for an unknown flow', async () => {
    mockService.fail('getFlowStatus', { status: 404 });
    const status = load();
    expect(await status(SEED.runningFlowId)).toMatchObject({ lifecycle: 'running', lastAttempt: { lifecycle: 'running' } });
    await expect(status(999)).rejects.toMatchObject({ kind: 'not_found' });
    expect(operations()).toEqual(['getFlowStatus', 'listRunAttempts', 'listRunAttempts']);
  });
});

describe('flowQueries.detail', () => {
  const read = (id: number) => new QueryClient({ defaultOptions: { queries: { retry: false } } }).query(flowQueries.detail(service, id));

  it('reads one flow alone from Flowdeck’s service, and null for an unknown id', async () => {
    expect(await read(SEED.idleFlowId)).toMatchObject({ id: SEED.idleFlowId });
    expect(await read(999)).toBeNull();
    expect(operations()).toEqual(['getFlow', 'getFlow']);
  });

  it('finds the flow in the list where the service has no GET /v2/flows/{id} (the hosted one), from then on', async () => {
    mockService.fail('getFlow', { status: 404, message: 'Not Found' });
    expect(await read(SEED.idleFlowId)).toMatchObject({ id: SEED.idleFlowId });
    expect(await read(SEED.runningFlowId)).toMatchObject({ id: SEED.runningFlowId });
    expect(await read(999)).toBeNull();
    expect(operations()).toEqual(['getFlow', 'listFlows', 'listFlows', 'listFlows']);
  });
});

describe('flow mutations', () => {
  const idle = SEED.idleFlowId;

  /** The poll interval a live view of the flow's status would use now. */
  function statusPollMs(client: QueryClient): unknown {
    const options = liveQueryOptions(
      client,
      flowQueries.status(service, idle),
      { isActive: (status) => isRunActive(status.lastAttempt), scopes: [liveScopes.flow(idle)] },
      false,
    );
    const query = client.getQueryCache().find({ queryKey: flowQueries.statusKey(idle) });
    if (typeof options.refetchInterval !== 'function' || !query) throw new Error('Expected a live status query in the cache.');
    return options.refetchInterval(query as never);
  }

  it('useCreateFlow puts the new flow in the cached list before onCreated runs, then refreshes the flows', async () => {
    const seen: unknown[] = [];
    const { client, result } = renderWithClient(() =>
      useCreateFlow({
        onCreated: (flow) => {
          seen.push(client.getQueryData(flowQueries.list().queryKey)?.find((candidate) => candidate.id === flow.id));
          return Promise.resolve();
        },
      }),
    );
    await client.query(flowQueries.list());
    await client.query(flowQueries.status(service, idle));

    const flow = await act(() => result.current.mutateAsync({ displayName: 'Fresh flow', source: 1, destination: 2, frequency: 'manual' }));

    expect(seen).toEqual([flow]);
    expect(client.getQueryState(flowQueries.statusKey(idle))?.isInvalidated).toBe(true);
  });

  it('useRunFlow refreshes the flow’s status at once and keeps its views polling fast', async () => {
    const { client, result } = renderWithClient(() => ({ status: useQuery(flowQueries.status(service, idle)), run: useRunFlow(idle) }));
    await waitFor(() => {
      expect(result.current.status.data?.lastAttempt).toBeNull();
    });
    expect(statusPollMs(client)).toBe(IDLE_POLL_MS);

    act(() => {
      result.current.run.start();
    });

    await waitFor(() => {
      expect(result.current.run.outcome).toEqual({ kind: 'success', message: expect.any(String) as unknown });
    });
    await waitFor(() => {
      expect(result.current.status.data?.lastAttempt).not.toBeNull();
    });
    expect(operations()).toEqual(['getFlowStatus', 'runFlow', 'getFlowStatus']);
    expect(statusPollMs(client)).toBe(FAST_POLL_MS);
  });

  it('useCancelFlow, even refused, refreshes the status and keeps its views polling fast', async () => {
    mockService.failNext('cancelFlow', { status: 400, message: `Flow ${String(idle)} is not running.` });
    const { client, result } = renderWithClient(() => ({ status: useQuery(flowQueries.status(service, idle)), cancel: useCancelFlow(idle) }));
    await waitFor(() => {
      expect(result.current.status.isSuccess).toBe(true);
    });

    act(() => {
      result.current.cancel.start();
    });

    await waitFor(() => {
      expect(result.current.cancel.outcome?.kind).toBe('error');
    });
    await waitFor(() => {
      expect(operations()).toEqual(['getFlowStatus', 'cancelFlow', 'getFlowStatus']);
    });
    expect(statusPollMs(client)).toBe(FAST_POLL_MS);
  });

  it('useRefetchAttemptsOnNewAttempt marks the attempt pages stale when the newest attempt changes, not on every count', async () => {
    const page = { limit: 25, offset: 0, order: 'DESC' } as const;
    const attempt = (id: number, loaded: number) =>
      runAttemptSchema.parse({
        id,
        flow: idle,
        trigger: 'manual',
        lifecycle: 'running',
        disposition: 'none',
        resources: [{ name: 'orders', loaded }],
        createdAt: '',
      });
    const { client, rerender } = renderWithClient(
      (latest: RunAttempt | null) => {
        useRefetchAttemptsOnNewAttempt(idle, latest);
      },
      { initialProps: null as RunAttempt | null },
    );
    await client.query(flowQueries.attempts(idle, page));
    const stale = () => client.getQueryState(flowQueries.attempts(idle, page).queryKey)?.isInvalidated;

    rerender(null);
    expect(stale()).toBe(false);
    rerender(attempt(90, 10));
    expect(stale()).toBe(true);

    await client.query(flowQueries.attempts(idle, page));
    rerender(attempt(90, 500));
    expect(stale()).toBe(false);
  });
});

describe('changing and deleting flows', () => {
  const idle = SEED.idleFlowId;
  const cachedFlow = (client: QueryClient, id: number) => client.getQueryData(flowQueries.list().queryKey)?.find((flow) => flow.id === id);

  it('useUpdateFlow puts the saved flow in the cached list before onSaved runs', async () => {
    const seen: unknown[] = [];
    const { client, result } = renderWithClient(() =>
      useUpdateFlow(1, {
        onSaved: () => {
          seen.push(cachedFlow(client, 1));
          return Promise.resolve();
        },
      }),
    );
    await client.query(flowQueries.list());
    const saved = await act(() => result.current.mutateAsync({ displayName: 'Orders, hourly', cron: '0 * * * *' }));
    expect(saved).toMatchObject({ displayName: 'Orders, hourly', cron: '0 * * * *', frequency: null });
    expect(seen).toEqual([saved]);
  });

  it('useSetFlowPaused pauses and resumes in the cache; a service that ignores paused is a refusal', async () => {
    const { client, result } = renderWithClient(() => useSetFlowPaused(1));
    await client.query(flowQueries.list());
    await act(() => result.current.mutateAsync(true));
    expect(cachedFlow(client, 1)?.paused).toBe(true);
    await act(() => result.current.mutateAsync(false));
    expect(cachedFlow(client, 1)?.paused).toBe(false);

    // A hosted service answers the flow without `paused`: it did not pause it.
    mockService.failNext('updateFlow', { body: { data: { id: 1, displayName: 'Orders to warehouse', source: 1, destination: 1, frequency: '1h' } } });
    await expect(act(() => result.current.mutateAsync(true))).rejects.toMatchObject({ kind: 'bad_request', message: 'This service does not pause flows.' });
    expect(cachedFlow(client, 1)?.paused).toBe(false);
  });

  it('useDeleteFlow runs onDeleted while the flow is still cached, then forgets it and its details', async () => {
    const seen: unknown[] = [];
    const { client, result } = renderWithClient(() =>
      useDeleteFlow(idle, {
        onDeleted: () => {
          seen.push(cachedFlow(client, idle)?.id);
          return Promise.resolve();
        },
      }),
    );
    await client.query(flowQueries.list());
    await client.query(flowQueries.status(service, idle));
    await act(() => result.current.mutateAsync());
    expect(seen).toEqual([idle]);
    expect(cachedFlow(client, idle)).toBeUndefined();
    expect(client.getQueryState(flowQueries.statusKey(idle))).toBeUndefined();
  });

  it('useBulkFlowAction keeps each flow’s outcome, updates the cache for those done', async () => {
    const { client, result } = renderWithClient(() => useBulkFlowAction());
    const flows = await client.query(flowQueries.list());
    const chosen = flows.filter((flow) => [1, 2, 3, 4, 5, SEED.pausedFlowId].includes(flow.id));
    mockService.failNext('updateFlow', { status: 500, message: 'Internal Server Error', delayMs: 20 });
    for (let i = 0; i < 4; i += 1) mockService.failNext('updateFlow', { delayMs: 20 });

    const outcomes = await act(() => result.current.mutateAsync({ action: 'pause', flows: chosen }));

    expect(outcomes.map((outcome) => [outcome.flow.id, outcome.result])).toEqual([
      [1, 'failed'],
      [2, 'done'],
      [3, 'done'],
      [4, 'done'],
      [5, 'done'],
      [SEED.pausedFlowId, 'unchanged'],
    ]);
    expect(operations().filter((operation) => operation === 'updateFlow')).toHaveLength(5);
    expect(cachedFlow(client, 1)?.paused).toBe(false);
    expect(cachedFlow(client, 2)?.paused).toBe(true);

    const run = await act(() => result.current.mutateAsync({ action: 'run', flows: chosen.slice(0, 2) }));
    expect(run.map((outcome) => outcome.result)).toEqual(['done', 'done']);
    const again = await act(() => result.current.mutateAsync({ action: 'run', flows: chosen.slice(0, 1) }));
    expect(again[0]).toMatchObject({ result: 'failed', error: { message: 'Flow 1 is already running.' } });

    const deleted = await act(() => result.current.mutateAsync({ action: 'delete', flows: chosen.slice(1, 3) }));
    expect(deleted.map((outcome) => outcome.result)).toEqual(['done', 'done']);
    expect(cachedFlow(client, 2)).toBeUndefined();
  });
});
