import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';

// A flow's status with its newest attempt, from three kinds of service: Flowdeck's (the hosted shape with
// lastAttempt beside it: one request), the hosted one (the status alone: the newest attempt is read
// instead, from then on) and one without the status operation (404: the same).

/** A fresh module each time: which way the service answers is remembered for the session. */
async function load() {
  vi.resetModules();
  const { flowQueries } = await import('./flows');
  // The fresh modules have a fresh API client: sign it in too.
  (await import('@/mock-service/api-test-helpers')).signIn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (id: number) => client.query({ ...flowQueries.status(id), staleTime: 0 });
}

const operations = () => mockService.calls.map((call) => call.operation);

beforeEach(() => {
  signIn();
});

describe('flowQueries.status', () => {
  it('reads Flowdeck’s answer in one request, the attempt included', async () => {
    const status = await load();
    const running = await status(SEED.runningFlowId);
    expect(running).toMatchObject({ lifecycle: 'running', disposition: 'none', lastAttempt: { flow: SEED.runningFlowId, lifecycle: 'running' } });
    expect(await status(SEED.idleFlowId)).toMatchObject({ lifecycle: 'not_running', disposition: 'none', lastAttempt: null });
    expect(operations()).toEqual(['getFlowStatus', 'getFlowStatus']);
  });

  it('reads the newest attempt where the service answers the status without it (the hosted service)', async () => {
    mockService.fail('getFlowStatus', {
      body: { id: SEED.failingFlowId, lifecycle: 'NOT_RUNNING', disposition: 'FAILED', resources: [], errors: ['boom'], completedAt: null },
    });
    const status = await load();
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
    const status = await load();
    expect(await status(SEED.runningFlowId)).toMatchObject({ lifecycle: 'running', lastAttempt: { lifecycle: 'running' } });
    await expect(status(999)).rejects.toMatchObject({ kind: 'not_found' });
    expect(operations()).toEqual(['getFlowStatus', 'listRunAttempts', 'listRunAttempts']);
  });
});
