import { afterAll, describe, expect, inject, it } from 'vitest';
import { type LogLine, type LogPage, logPageSchema } from '@/api/attempt-logs';
import { dataOf } from '@/api/common';
import { pruneAttemptLogs, readLogRetentionDays } from '../runs/log-retention';
import { createSource, localHttpServer } from './connector-fixtures';
import {
  attemptEnded,
  createFailingFilesDestination,
  createFilesDestination,
  createFlow,
  createSampleFlow,
  eventuallyRunning,
  expectError,
  expectStatus,
  SLOW_SAMPLE,
} from './fixtures';
import { type Api, eventually, startHarness } from './harness';

// The log of a run attempt: what a real run writes (start, resources with counts and durations,
// progress, errors with their context, cancel, completion), read page by page with an opaque cursor,
// bounded, deleted after the retention, and never carrying a secret.

const service = await startHarness();
const upstream = await localHttpServer((request, response) => {
  // Not JSON: the REST API source fails with a message that names the URL it asked.
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end(`no json here for ${request.url ?? ''}`);
});
afterAll(async () => {
  await upstream.close();
  await service.stop();
});
const { api, sql } = service;

const logsPath = (flowId: number, attemptId: number, query = '') => `/v2/flows/${String(flowId)}/run/${String(attemptId)}/logs${query}`;

async function page(flowId: number, attemptId: number, query = ''): Promise<LogPage> {
  return dataOf(logPageSchema).parse(expectStatus(await api(logsPath(flowId, attemptId, query)), 200).body);
}

/** Every line, read page by page with `limit`. */
async function allLines(flowId: number, attemptId: number, limit = 1000): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  let query = `?limit=${String(limit)}`;
  for (;;) {
    const answer = await page(flowId, attemptId, query);
    lines.push(...answer.lines);
    if (!answer.more) return lines;
    query = `?limit=${String(limit)}&after=${answer.next}`;
  }
}

/** The lines once the runner has written its last one (the log is flushed just after the attempt ends). */
const finalLines = (flowId: number, attemptId: number, last: RegExp) =>
  eventually(
    async () => {
      const lines = await allLines(flowId, attemptId);
      return lines.some((line) => last.test(line.event)) ? lines : undefined;
    },
    15_000,
    'the last log line',
  );

async function finishedRun(api: Api, flowId: number) {
  expectStatus(await api(`/v2/flows/${String(flowId)}/run`, { method: 'POST' }), 201);
  return attemptEnded(api, flowId);
}

describe('a run attempt’s log', () => {
  it('has the start, each resource’s start and end with counts and duration, progress and the completion', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 100 });
    const attempt = await finishedRun(api, flow.id);
    expect(attempt.disposition).toBe('succeeded');
    const lines = await finalLines(flow.id, attempt.id, /^run\.succeeded$/);

    expect(lines[0]).toMatchObject({ level: 'info', event: 'run.started', fields: { trigger: 'manual', source: 'sample', destination: 'files' } });
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      event: 'run.succeeded',
      message: expect.stringMatching(/^Attempt succeeded in .*: 100 rows loaded\.$/) as unknown,
    });
    for (const resource of attempt.resources) {
      const started = lines.findIndex((line) => line.event === 'resource.started' && line.resource === resource.name);
      const finished = lines.findIndex((line) => line.event === 'resource.finished' && line.resource === resource.name);
      expect(started).toBeGreaterThan(0);
      expect(finished).toBeGreaterThan(started);
      expect(lines[finished]?.fields).toMatchObject({ extracted: resource.extracted, loaded: resource.loaded, durationMs: expect.any(Number) as unknown });
      expect(lines.slice(started, finished).some((line) => line.event === 'resource.progress' && line.resource === resource.name)).toBe(true);
    }
    const times = lines.map((line) => Date.parse(line.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('pages with an opaque cursor: the pages make the whole log, and the last cursor waits for more', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 50 });
    const attempt = await finishedRun(api, flow.id);
    const whole = await finalLines(flow.id, attempt.id, /^run\.succeeded$/);
    expect(whole.length).toBeGreaterThan(6);
    expect(await allLines(flow.id, attempt.id, 2)).toEqual(whole);

    const first = await page(flow.id, attempt.id, '?limit=2');
    expect(first).toMatchObject({ more: true, lines: whole.slice(0, 2) });
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const rest = await page(flow.id, attempt.id, `?after=${first.next}&limit=5000`);
    expect(rest.lines).toEqual(whole.slice(2));
    expect(rest.more).toBe(false);
    const after = await page(flow.id, attempt.id, `?after=${rest.next}`);
    expect(after).toEqual({ lines: [], next: rest.next, more: false });
  });

  it('answers 400 for a bad cursor or limit and 404 for an attempt that is not the flow’s', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 10 });
    const other = await createSampleFlow(api, { row_count: 10 });
    const attempt = await finishedRun(api, flow.id);
    for (const limit of ['0', '5001', '-1', '2.5', 'ten', '1e3']) {
      expectError(await api(logsPath(flow.id, attempt.id, `?limit=${limit}`)), 400, 'Bad Request: limit must be an integer from 1 to 5000.');
    }
    expect((await page(flow.id, attempt.id, '?limit=5000')).lines.length).toBeGreaterThan(0);
    for (const cursor of ['nope!', 'MTIz', 'bDEuLTE', 'bDEuYWJj', 'x'.repeat(60)]) {
      expectError(await api(logsPath(flow.id, attempt.id, `?after=${cursor}`)), 400, 'Bad Request: after is not a cursor this service gave.');
    }
    expectError(await api(logsPath(other.flow.id, attempt.id)), 404, 'Not Found');
    expectError(await api(logsPath(flow.id, 2_000_000_000)), 404, 'Not Found');
    expectError(await api(logsPath(999_999, attempt.id)), 404, 'Not Found');
    expectError(await api(`/v2/flows/${String(flow.id)}/run/abc/logs`), 400, 'Bad Request: attemptId must be a positive integer.');
  });

  it('says which resource failed, with its context, and that the attempt failed', async () => {
    const { source } = await createSampleFlow(api, { row_count: 20 });
    const broken = await createFailingFilesDestination(api, service.filesDir);
    const flow = await createFlow(api, source.id, broken.id);
    const attempt = await finishedRun(api, flow.id);
    expect(attempt.disposition).toBe('failed');
    const lines = await finalLines(flow.id, attempt.id, /^run\.failed$/);
    const failed = lines.filter((line) => line.event === 'resource.failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ level: 'error', resource: expect.any(String) as unknown, fields: { error: expect.any(String) as unknown, batch: 1 } });
    expect(lines.at(-1)).toMatchObject({ level: 'error', event: 'run.failed' });
  });

  it('records a cancel: the request, then where the run stopped', async () => {
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const running = await eventuallyRunning(api, flow.id, (attempt) => attempt.resources.some((resource) => resource.extracted > 0));
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    const lines = await finalLines(flow.id, running.id, /^run\.cancelled$/);
    const requested = lines.findIndex((line) => line.event === 'run.cancel_requested');
    const cancelled = lines.findIndex((line) => line.event === 'run.cancelled');
    expect(requested).toBeGreaterThan(0);
    expect(cancelled).toBeGreaterThan(requested);
    expect(lines[cancelled]).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^Cancelled after .*: the load of \w+ was rolled back\.$/) as unknown,
    });
  });

  it('says when recovery ended an attempt its service left behind', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 10 });
    const [abandoned] = await sql<{ id: number }>(
      "INSERT INTO run_attempts (flow_id, trigger, lifecycle, created_at, queued_at) VALUES ($1, 'manual', 'running', now() - interval '11 minutes', now() - interval '11 minutes') RETURNING id",
      [flow.id],
    );
    if (!abandoned) throw new Error('no attempt');
    const runs = service.service.runs;
    if (!runs) throw new Error('no run service');
    await runs.recover();
    const { lines } = await page(flow.id, abandoned.id);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', event: 'run.failed', message: 'Interrupted: no service instance picked this run up.' })]);
  });

  it('never holds a secret: not a token, not a password, not credentials in a URL', async () => {
    const token = 'tokSECRET4242x';
    const rest = await createSource(api, 'rest_api', { base_url: `${upstream.url}/v1`, endpoints: `people?access_token=${token}`, token });
    const destination = await createFilesDestination(api);
    const restFlow = await createFlow(api, rest.id, destination.id);
    const restAttempt = await finishedRun(api, restFlow.id);
    expect(restAttempt.disposition).toBe('failed');

    const password = 'pg-log-password-5150';
    const postgres = new URL(inject('externalPostgresUrl'));
    const pgSource = await createSource(api, 'postgres', {
      host: postgres.hostname,
      port: Number(postgres.port),
      database: 'postgres',
      user: 'flowdeck',
      password,
    });
    const pgFlow = await createFlow(api, pgSource.id, destination.id);
    const pgAttempt = await finishedRun(api, pgFlow.id);
    expect(pgAttempt.disposition).toBe('failed');

    const restLines = await finalLines(restFlow.id, restAttempt.id, /^run\.failed$/);
    const pgLines = await finalLines(pgFlow.id, pgAttempt.id, /^run\.failed$/);
    const text = JSON.stringify([...restLines, ...pgLines]);
    expect(text).not.toContain(token);
    expect(text).not.toContain(password);
    // The failing resource is still named and its error still says what went wrong, with the secret blanked.
    expect(restLines.find((line) => line.event === 'resource.failed')?.message).toMatch(/access_token[=_]\*{8}.*did not answer JSON/);
    const stored = await sql<{ text: string }>("SELECT string_agg(message || resource || fields::text, ' ') AS text FROM attempt_log_lines");
    expect(stored[0]?.text).not.toContain(token);
  });
});

describe('retention', () => {
  it('deletes the lines older than FLOWDECK_LOG_RETENTION_DAYS and keeps the others', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 10 });
    const attempt = await finishedRun(api, flow.id);
    await finalLines(flow.id, attempt.id, /^run\.succeeded$/);
    await sql(
      "INSERT INTO attempt_log_lines (attempt_id, at, level, event, message) SELECT $1, now() - interval '31 days', 'info', 'old', 'old line ' || n FROM generate_series(1, 3) n",
      [attempt.id],
    );
    await sql("INSERT INTO attempt_log_lines (attempt_id, at, level, event, message) VALUES ($1, now() - interval '29 days', 'info', 'kept', 'young enough')", [
      attempt.id,
    ]);
    const runs = service.service.runs;
    if (!runs) throw new Error('no run service');
    expect(await runs.pruneLogs()).toBe(3);
    const events = (await allLines(flow.id, attempt.id)).map((line) => line.event);
    expect(events).not.toContain('old');
    expect(events).toContain('kept');
    expect(events).toContain('run.started');
    const pool = service.service.pool;
    if (!pool) throw new Error('no pool');
    expect(await pruneAttemptLogs(pool, 28)).toBeGreaterThanOrEqual(1);
    expect((await allLines(flow.id, attempt.id)).map((line) => line.event)).not.toContain('kept');
  });

  it('reads FLOWDECK_LOG_RETENTION_DAYS: 30 by default, whole days only', () => {
    expect(readLogRetentionDays(undefined)).toBe(30);
    expect(readLogRetentionDays('7')).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'week', '99999']) expect(() => readLogRetentionDays(bad)).toThrow(/FLOWDECK_LOG_RETENTION_DAYS/);
  });
});
