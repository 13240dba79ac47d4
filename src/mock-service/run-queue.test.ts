import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateDestination } from '@/api/destinations';
import { getFlowStatus, listRunAttempts, runFlow } from '@/api/flows';
import { mockService } from '@/test/server';
import { signIn } from './api-test-helpers';

// The mock queues runs by a destination's maxConcurrentRuns as the service does, and words the wait by the
// same rule (src/service-rules/run-queue.ts).

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a destination's limit of runs at once", () => {
  it('queues the runs past it, says how many are ahead, and starts them as runs end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await updateDestination(3, { maxConcurrentRuns: 1 });
    // Flows 5, 8 and 9 all load into the data lake (destination 3).
    for (const flow of [5, 8, 9]) await runFlow(flow);
    const latest = async (flow: number) => (await listRunAttempts(flow, { limit: 1 }))[0];
    expect(await latest(5)).toMatchObject({ lifecycle: 'running', waitingFor: null });
    expect(await latest(8)).toMatchObject({ lifecycle: 'pending', waitingFor: '1 run ahead for “Data lake (Parquet files)”' });
    expect(await latest(9)).toMatchObject({ lifecycle: 'pending', waitingFor: '2 runs ahead for “Data lake (Parquet files)”' });
    expect((await getFlowStatus(9)).lifecycle).toBe('pending');

    vi.advanceTimersByTime(mockService.db.runDurationMs + 1);
    expect(await latest(8)).toMatchObject({ lifecycle: 'running', waitingFor: null });
    expect(await latest(9)).toMatchObject({ lifecycle: 'pending', waitingFor: '1 run ahead for “Data lake (Parquet files)”' });
  });
});
