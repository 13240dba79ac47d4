import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { flowSchema, flowStatusSchema, runAttemptSchema } from '@/api/flows';
import { NO_RETRIES } from '@/api/run-policy';
import { resolverListSchema } from '@/api/resolvers';
import {
  anyNumber,
  anyString,
  attemptEnded,
  BAD_REQUEST,
  createFilesDestination,
  createFlow,
  createSampleFlow,
  createSampleSource,
  expectError,
  expectStatus,
  expectWrapped,
  listAttempts,
  matching,
  SLOW_SAMPLE,
} from './fixtures';
import { eventually, startHarness } from './harness';

// Flows over HTTP: the interface's list, run, run attempts and cancel, and Flowdeck's create,
// update, delete and status (the status in the hosted service's shape).

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const source = await createSampleSource(api);
const destination = await createFilesDestination(api);
/** The sample source's tables, in the order its resolvers list them (discovered, or its spec's own). */
const discovered = await eventually(
  async () => {
    const { resolvers } = dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(source.id)}/resolvers`)).body);
    return resolvers.every((resolver) => resolver.type === 'dynamic') ? resolvers : undefined;
  },
  10_000,
  'the sample source discovered',
);
const SAMPLE_TABLES = discovered.map((resolver) => resolver.name);

describe('POST, PATCH, DELETE /v2/flows (additions)', () => {
  it('creates a flow with 201 { data: Flow } carrying either frequency or cron', async () => {
    const answer = await api('/v2/flows', { method: 'POST', body: { displayName: 'Hourly', source: source.id, destination: destination.id, frequency: '1h' } });
    const raw = expectWrapped(answer, 201) as Record<string, unknown>;
    expect(raw).toEqual({
      id: anyNumber,
      displayName: 'Hourly',
      source: source.id,
      destination: destination.id,
      frequency: '1h',
      paused: false,
      freshness: 'never_run',
      nextRunAt: anyString,
      timeZone: 'UTC',
      retries: NO_RETRIES,
      // A namespace of its own, named after it; every resource it loads replaced at each run.
      namespace: 'hourly',
      tablePrefix: '',
      schemaChanges: 'propagate',
      resources: SAMPLE_TABLES.map((name) => ({ name, syncMode: 'full_refresh_overwrite', cursorField: null, primaryKey: null })),
    });
    const withCron = expectWrapped(
      await api('/v2/flows', {
        method: 'POST',
        body: { displayName: 'Cron', source: source.id, destination: destination.id, frequency: '1h', cron: '0 3 * * *' },
      }),
      201,
    );
    expect(withCron).toMatchObject({
      id: anyNumber,
      displayName: 'Cron',
      source: source.id,
      destination: destination.id,
      cron: '0 3 * * *',
      paused: false,
      freshness: 'never_run',
      namespace: 'cron',
    });
    expect(withCron).not.toHaveProperty('frequency');
    const manual = expectWrapped(
      await api('/v2/flows', { method: 'POST', body: { displayName: 'Manual', source: source.id, destination: destination.id } }),
      201,
    );
    expect(manual).toMatchObject({ frequency: 'manual' });
  });

  // Issue 31: the service owns when a flow runs next, reads its cron in its zone and keeps its retry policy.
  it('answers nextRunAt from its schedule in its time zone, null when manual or paused, and keeps its retries', async () => {
    const before = Date.now();
    const hourly = expectWrapped(
      await api('/v2/flows', { method: 'POST', body: { displayName: 'Due', source: source.id, destination: destination.id, frequency: '1h' } }),
      201,
    ) as { id: number; nextRunAt: string };
    expect(Date.parse(hourly.nextRunAt) - before).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(Date.parse(hourly.nextRunAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    const body = {
      displayName: 'Prague',
      source: source.id,
      destination: destination.id,
      cron: '30 6 * * *',
      timeZone: 'Europe/Prague',
      retries: { attempts: 3, backoff: 'exponential', delaySeconds: 30, maxDelaySeconds: 600 },
    };
    const zoned = expectWrapped(await api('/v2/flows', { method: 'POST', body }), 201) as { id: number; nextRunAt: string };
    expect(zoned).toMatchObject({ timeZone: 'Europe/Prague', retries: body.retries });
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit' }).format(new Date(zoned.nextRunAt));
    expect(local).toBe('06:30');
    const manual = expectWrapped(await api(`/v2/flows/${String(hourly.id)}`, { method: 'PATCH', body: { frequency: 'manual' } }));
    expect(manual).toMatchObject({ nextRunAt: null });
    const paused = expectWrapped(await api(`/v2/flows/${String(zoned.id)}`, { method: 'PATCH', body: { paused: true } }));
    expect(paused).toMatchObject({ nextRunAt: null, retries: body.retries });
    for (const bad of [{ timeZone: 'Mars/Olympus' }, { retries: { attempts: 11 } }, { retries: { attempts: 2, delaySeconds: 90, maxDelaySeconds: 60 } }])
      expectError(await api(`/v2/flows/${String(zoned.id)}`, { method: 'PATCH', body: bad }), 400, BAD_REQUEST);
  });

  it('updates a flow: a frequency replaces a cron', async () => {
    const flow = await createFlow(api, source.id, destination.id, { cron: '*/5 * * * *' });
    const answer = await api(`/v2/flows/${String(flow.id)}`, { method: 'PATCH', body: { displayName: 'Renamed', frequency: '6h' } });
    expect(expectWrapped(answer)).toEqual({
      id: flow.id,
      displayName: 'Renamed',
      source: source.id,
      destination: destination.id,
      frequency: '6h',
      paused: false,
      freshness: 'never_run',
      nextRunAt: anyString,
      timeZone: 'UTC',
      retries: NO_RETRIES,
      // Renaming a flow does not move its tables.
      namespace: flow.namespace,
      tablePrefix: '',
      schemaChanges: 'propagate',
      resources: SAMPLE_TABLES.map((name) => ({ name, syncMode: 'full_refresh_overwrite', cursorField: null, primaryKey: null })),
    });
  });

  it('deletes a flow with { data: true }; it is gone after', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    expect(expectWrapped(await api(`/v2/flows/${String(flow.id)}`, { method: 'DELETE' }))).toBe(true);
    expectError(await api(`/v2/flows/${String(flow.id)}/status`), 404, 'Not Found');
    expectError(await api(`/v2/flows/${String(flow.id)}`, { method: 'DELETE' }), 404, 'Not Found');
  });

  it('answers 400 for unknown sources or destinations, bad schedules, missing names and extra fields', async () => {
    const bodies = [
      { displayName: 'x', source: 999_999, destination: destination.id },
      { displayName: 'x', source: source.id, destination: 999_999 },
      { displayName: 'x', source: source.id, destination: destination.id, frequency: '2h' },
      { displayName: 'x', source: source.id, destination: destination.id, cron: 'every day' },
      { source: source.id, destination: destination.id },
      { displayName: 'x', source: String(source.id), destination: destination.id },
      { displayName: 'x', source: source.id, destination: destination.id, paused: true },
    ];
    for (const body of bodies) expectError(await api('/v2/flows', { method: 'POST', body }), 400, BAD_REQUEST);
    const flow = await createFlow(api, source.id, destination.id);
    expectError(await api(`/v2/flows/${String(flow.id)}`, { method: 'PATCH', body: { cron: '61 * * * *' } }), 400, BAD_REQUEST);
    expectError(await api('/v2/flows/999999', { method: 'PATCH', body: { displayName: 'x' } }), 404, 'Not Found');
  });
});

describe('GET /v2/flows (list flows)', () => {
  it('answers { data: Flow[] } where each flow has exactly one of frequency and cron', async () => {
    await createFlow(api, source.id, destination.id, { cron: '0 * * * *' });
    const raw = expectWrapped(await api('/v2/flows')) as Record<string, unknown>[];
    expect(raw.length).toBeGreaterThan(0);
    for (const flow of raw) {
      expect(['frequency' in flow, 'cron' in flow].filter(Boolean)).toHaveLength(1);
      expect(Object.keys(flow).sort()).toEqual(
        [
          'cron' in flow ? 'cron' : 'frequency',
          'destination',
          'displayName',
          'freshness',
          'id',
          'paused',
          'nextRunAt',
          'timeZone',
          'retries',
          'source',
          'namespace',
          'tablePrefix',
          'schemaChanges',
          'resources',
        ].sort(),
      );
    }
    listOf(flowSchema).parse(raw);
  });
});

describe('GET /v2/flows/{id} (addition)', () => {
  it('answers one flow as the list has it; 404 for an unknown id, 400 for an id that is not a positive integer', async () => {
    const flow = await createFlow(api, source.id, destination.id, { cron: '30 2 * * *' });
    const listed = (expectWrapped(await api('/v2/flows?limit=1000')) as { id: number }[]).find((each) => each.id === flow.id);
    expect(expectWrapped(await api(`/v2/flows/${String(flow.id)}`))).toEqual(listed);
    expectError(await api('/v2/flows/2147483647'), 404, 'Not Found');
    expectError(await api('/v2/flows/0'), 400, BAD_REQUEST);
    expectError(await api('/v2/flows/abc'), 400, BAD_REQUEST);
  });
});

describe('POST /v2/flows/{id}/run, GET /v2/flows/{id}/run, GET /v2/flows/{id}/status', () => {
  it('starts a run with 201 { "message": "Created" } (no data wrapper); the attempt ends succeeded with its resources', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const answer = expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    expect(answer.body).toEqual({ message: 'Created' });

    const attempt = await attemptEnded(api, flow.id);
    expect(attempt).toMatchObject({ flow: flow.id, trigger: 'manual', lifecycle: 'not_running', disposition: 'succeeded', errors: [] });
    expect(attempt.completedAt).not.toBeNull();
    expect(attempt.resources.map((resource) => resource.name).sort()).toEqual(['customers', 'orders', 'products']);
    expect(attempt.resources.reduce((sum, resource) => sum + resource.loaded, 0)).toBe(100);

    const raw = expectWrapped(await api(`/v2/flows/${String(flow.id)}/run`)) as Record<string, unknown>[];
    expect(Object.keys(raw[0] ?? {}).sort()).toEqual([
      'completedAt',
      'createdAt',
      'disposition',
      'errors',
      'flow',
      'id',
      'lifecycle',
      'number',
      'resources',
      'retryNumber',
      'retryOf',
      'trigger',
      'waitingFor',
    ]);
    for (const resource of (raw[0]?.resources ?? []) as Record<string, unknown>[]) {
      expect(resource).toEqual({ name: anyString, extracted: anyNumber, analyzed: anyNumber, loaded: anyNumber, written: anyNumber, committed: true });
    }
    dataOf(listOf(runAttemptSchema)).parse({ data: raw });

    const status = expectStatus(await api(`/v2/flows/${String(flow.id)}/status`), 200).body as Record<string, unknown>;
    expect(status).toMatchObject({
      id: flow.id,
      lifecycle: 'NOT_RUNNING',
      disposition: 'SUCCEEDED',
      errors: null,
      completedAt: attempt.completedAt,
      lastAttempt: { id: attempt.id },
    });
    expect((status.resources as unknown[]).length).toBe(3);
    for (const resource of status.resources as Record<string, unknown>[]) {
      expect(resource).toEqual({ name: anyString, extracted: anyNumber, analyzed: anyNumber, loaded: anyNumber, errors: [] });
    }
    expect(flowStatusSchema.parse(status)).toMatchObject({ lifecycle: 'not_running', disposition: 'succeeded', errors: [], lastAttempt: { id: attempt.id } });
  });

  it('answers the status unwrapped and UPPERCASE: NOT_RUNNING / NONE, no resources, errors and completedAt null for a flow never run', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const answer = expectStatus(await api(`/v2/flows/${String(flow.id)}/status`), 200);
    expect(answer.body).toEqual({
      id: flow.id,
      lifecycle: 'NOT_RUNNING',
      disposition: 'NONE',
      resources: [],
      errors: null,
      completedAt: null,
      lastAttempt: null,
    });
    expect(expectWrapped(await api(`/v2/flows/${String(flow.id)}/run`))).toEqual([]);
  });

  it('shows a run as PENDING or RUNNING with disposition NONE and completedAt null, and refuses a second run with 400 and a message', async () => {
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const first = expectStatus(await api(`/v2/flows/${String(flow.id)}/status`), 200).body as Record<string, unknown>;
    expect(first).toMatchObject({
      lifecycle: matching(/^(PENDING|RUNNING)$/),
      disposition: 'NONE',
      completedAt: null,
      errors: null,
      lastAttempt: { lifecycle: 'running', completedAt: null },
    });
    const running = await eventually(async () => {
      const body = (await api(`/v2/flows/${String(flow.id)}/status`)).body as { lifecycle: string };
      return body.lifecycle === 'RUNNING' ? body : undefined;
    });
    expect(running).toMatchObject({ disposition: 'NONE', completedAt: null });
    expectError(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 400, /already running/);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
  });

  it('reports a failed run FAILED with every error at the top and each resource’s own errors beside it', async () => {
    const failing = await createFilesDestination(api);
    const flow = await createFlow(api, source.id, failing.id);
    // A format no writer knows, stored behind the service's back: every resource fails to write.
    await service.sql("UPDATE destinations SET properties = jsonb_set(properties, '{format}', '\"xml\"') WHERE id = $1", [failing.id]);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const attempt = await attemptEnded(api, flow.id);
    expect(attempt.disposition).toBe('failed');
    const status = expectStatus(await api(`/v2/flows/${String(flow.id)}/status`), 200).body as {
      lifecycle: string;
      disposition: string;
      errors: string[] | null;
      completedAt: string | null;
      resources: { name: string; errors: string[] }[];
    };
    expect(status).toMatchObject({ lifecycle: 'NOT_RUNNING', disposition: 'FAILED', completedAt: attempt.completedAt });
    expect(status.errors).toEqual(attempt.errors);
    for (const resource of status.resources) expect(resource.errors).toEqual(attempt.errors.filter((error) => error.startsWith(`${resource.name}:`)));
  });

  it('sorts attempts with sort=asc|desc (the hosted name) or order=ASC|DESC, in any case; newest first by default', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    for (let run = 0; run < 3; run += 1) {
      expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
      await attemptEnded(api, flow.id);
    }
    const ids = async (query: string) => (await listAttempts(api, flow.id, query)).map((attempt) => attempt.id);
    const newestFirst = await ids('');
    expect(newestFirst).toHaveLength(3);
    expect([...newestFirst].sort((a, b) => b - a)).toEqual(newestFirst);
    const oldestFirst = [...newestFirst].reverse();
    for (const query of ['?sort=asc', '?sort=ASC', '?order=asc', '?order=ASC', '?sort=Asc&order=asc']) expect(await ids(query), query).toEqual(oldestFirst);
    for (const query of ['?sort=desc', '?sort=DESC', '?order=desc', '?order=DESC']) expect(await ids(query), query).toEqual(newestFirst);
    expectError(await api(`/v2/flows/${String(flow.id)}/run?sort=sideways`), 400, BAD_REQUEST);
    expectError(await api(`/v2/flows/${String(flow.id)}/run?sort=asc&order=desc`), 400, BAD_REQUEST);
  });

  it('answers 404 for an unknown flow, 400 for an id that is not a positive integer and for bad attempt-list parameters', async () => {
    expectError(await api('/v2/flows/999999/run', { method: 'POST' }), 404, 'Not Found');
    expectError(await api('/v2/flows/999999/run'), 404, 'Not Found');
    expectError(await api('/v2/flows/999999/cancel', { method: 'POST' }), 404, 'Not Found');
    expectError(await api('/v2/flows/999999/status'), 404, 'Not Found');
    for (const id of ['bad_flow_id', '0', '-1', '1.5', '2147483648']) {
      expectError(await api(`/v2/flows/${id}/run`, { method: 'POST' }), 400, BAD_REQUEST);
      expectError(await api(`/v2/flows/${id}/status`), 400, BAD_REQUEST);
    }
    const flow = await createFlow(api, source.id, destination.id);
    expectError(await api(`/v2/flows/${String(flow.id)}/run?order=SIDEWAYS`), 400, BAD_REQUEST);
  });
});

describe('GET /v2/flows/{id}/run/{attemptId} (addition)', () => {
  it('answers one attempt as the list has it, however far back; 404 for another flow’s attempt or none; 400 for a bad id', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const other = await createFlow(api, source.id, destination.id);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const attempt = await attemptEnded(api, flow.id);
    const [listed] = await listAttempts(api, flow.id);
    expect(dataOf(runAttemptSchema).parse(expectStatus(await api(`/v2/flows/${String(flow.id)}/run/${String(attempt.id)}`), 200).body)).toEqual(listed);
    expectError(await api(`/v2/flows/${String(other.id)}/run/${String(attempt.id)}`), 404, 'Not Found');
    expectError(await api(`/v2/flows/${String(flow.id)}/run/2147483647`), 404, 'Not Found');
    expectError(await api(`/v2/flows/${String(flow.id)}/run/0`), 400, BAD_REQUEST);
  });
});

describe('POST /v2/flows/{id}/cancel', () => {
  it('ends a running attempt as failed with a cancel error and answers { message }', async () => {
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const answer = expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    expect(Object.keys(answer.body as object)).toEqual(['message']);
    const [attempt] = dataOf(listOf(runAttemptSchema)).parse((await api(`/v2/flows/${String(flow.id)}/run`)).body);
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: [matching(/cancel/i)] });
  });

  it('has no effect on a flow that is not running', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const answer = expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    expect(Object.keys(answer.body as object)).toEqual(['message']);
    expect(expectWrapped(await api(`/v2/flows/${String(flow.id)}/run`))).toEqual([]);
  });
});
