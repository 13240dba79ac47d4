import { afterAll, describe, expect, it } from 'vitest';
import { createFlow, createSampleSource, expectStatus, listAttempts } from './fixtures';
import { eventually, startHarness } from './harness';
import { brokenDestination, failureChannel } from './retry-fixtures';

// Issue 31: a flow's retry policy. A failed run is tried again after its backoff, as a new attempt linked
// to the one it retries; a cancel stops the retries. The destination below fails while its folder is a
// file, and works once the file is replaced by a folder.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;
const source = await createSampleSource(api);

const retries = { attempts: 3, backoff: 'fixed', delaySeconds: 2, maxDelaySeconds: 2 };

describe('retries', () => {
  it('retries a flow that fails twice, then succeeds: three attempts linked one to the other', async () => {
    const { destination, fix } = await brokenDestination(api, service.filesDir, 'retried');
    const flow = await createFlow(api, source.id, destination.id, { displayName: 'Flaky', retries });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    // The second try has failed: mend the destination before the third.
    const second = await eventually(
      async () => (await listAttempts(api, flow.id)).find((attempt) => attempt.retryNumber === 1 && attempt.disposition === 'failed'),
      30_000,
      'the first retry to fail',
    );
    fix();
    const third = await eventually(
      async () => (await listAttempts(api, flow.id)).find((attempt) => attempt.retryNumber === 2 && attempt.lifecycle === 'not_running'),
      30_000,
      'the second retry to end',
    );
    expect(third).toMatchObject({ disposition: 'succeeded', retryOf: second.id, trigger: 'manual' });
    const attempts = await listAttempts(api, flow.id);
    expect(attempts.map((attempt) => [attempt.number, attempt.retryNumber, attempt.disposition])).toEqual([
      [3, 2, 'succeeded'],
      [2, 1, 'failed'],
      [1, 0, 'failed'],
    ]);
    expect(second.retryOf).toBe(attempts[2]?.id);
    // The backoff was waited: each retry started at least its delay after the try before it ended.
    expect(Date.parse(third.createdAt)).toBeGreaterThanOrEqual(Date.parse(second.completedAt ?? '') - 1);
  });

  it('says a waiting retry waits, and a cancel stops the retries', async () => {
    const { destination } = await brokenDestination(api, service.filesDir, 'cancelled');
    const flow = await createFlow(api, source.id, destination.id, { displayName: 'Given up', retries: { ...retries, delaySeconds: 30, maxDelaySeconds: 30 } });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const waiting = await eventually(
      async () => (await listAttempts(api, flow.id)).find((attempt) => attempt.retryNumber === 1),
      30_000,
      'the retry to be queued',
    );
    expect(waiting.waitingFor).toMatch(/^Retry 1 of 3 of #1, due at \d\d:\d\d:\d\d UTC$/);
    const status = expectStatus(await api(`/v2/flows/${String(flow.id)}/status`), 200).body as { lifecycle: string };
    expect(status.lifecycle).toBe('PENDING');
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    const attempts = await listAttempts(api, flow.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ retryNumber: 1, lifecycle: 'not_running', disposition: 'failed' });
  });

  it('alerts a failure only once the last retry has failed', async () => {
    const { destination } = await brokenDestination(api, service.filesDir, 'alerted');
    const flow = await createFlow(api, source.id, destination.id, {
      displayName: 'Alerted',
      retries: { attempts: 1, backoff: 'fixed', delaySeconds: 6, maxDelaySeconds: 6 },
    });
    const { deliveries, told: toldOnce } = await failureChannel(api, flow.id);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventually(
      async () => (await listAttempts(api, flow.id)).find((attempt) => attempt.retryNumber === 0 && attempt.disposition === 'failed'),
      30_000,
      'the first try to fail',
    );
    // The first try failed and will be retried: nobody is told yet, though the alert watch has looked.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    if ((await listAttempts(api, flow.id)).some((attempt) => attempt.retryNumber === 1 && attempt.lifecycle === 'not_running'))
      throw new Error('The retry ended before the check: lengthen its delay.');
    expect(await deliveries()).toEqual([]);
    await eventually(
      async () => (await listAttempts(api, flow.id)).find((attempt) => attempt.retryNumber === 1 && attempt.disposition === 'failed'),
      30_000,
      'the retry to fail',
    );
    const told = await toldOnce();
    expect(told).toHaveLength(1);
    expect(told[0]?.event).toBe('run_failed');
  });
});
