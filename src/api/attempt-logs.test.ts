import { beforeEach, describe, expect, it } from 'vitest';
import { listAttemptLogs, readAllLogLines } from '@/api/attempt-logs';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { mockService } from '@/test/server';

// The attempt log operation against the mock, which pages it by the service's rules: the lines the run
// has written so far, oldest first, an opaque cursor, bounded limits and the service's errors.

const finishedRun = () => {
  const run = mockService.db.state.flowRuns.find((candidate) => candidate.flow === 1 && candidate.cancelledAt === null && !candidate.failure);
  if (!run) throw new Error('no finished run of flow 1');
  return run;
};

describe('listAttemptLogs', () => {
  beforeEach(() => {
    signIn();
  });

  it('reads a finished run’s log from its start to how it ended, page by page', async () => {
    const run = finishedRun();
    const lines = await readAllLogLines(1, run.id);
    expect(lines[0]).toMatchObject({ level: 'info', event: 'run.started', resource: null });
    expect(lines.at(-1)).toMatchObject({ level: 'info', event: 'run.succeeded' });
    for (const { name } of run.resources) {
      expect(lines.filter((line) => line.resource === name).map((line) => line.event)).toEqual(
        expect.arrayContaining(['resource.started', 'resource.progress', 'resource.finished']),
      );
    }
    const first = await listAttemptLogs(1, run.id, { limit: 2 });
    expect(first).toMatchObject({ lines: lines.slice(0, 2), more: true });
    const second = await listAttemptLogs(1, run.id, { after: first.next, limit: 3 });
    expect(second.lines).toEqual(lines.slice(2, 5));
  });

  it('answers as the service does for a bad cursor, a bad limit and an attempt of another flow', async () => {
    const run = finishedRun();
    expect(await rawCall('GET', `/v2/flows/1/run/${String(run.id)}/logs?after=nope`)).toEqual({
      status: 400,
      body: { message: 'Bad Request: after is not a cursor this service gave.' },
    });
    expect((await rawCall('GET', `/v2/flows/1/run/${String(run.id)}/logs?limit=5001`)).status).toBe(400);
    expect((await apiError(listAttemptLogs(2, run.id))).kind).toBe('not_found');
  });
});
