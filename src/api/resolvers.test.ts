import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { addStaticResolvers } from '@/test/extra-specs';
import { mockService } from '@/test/server';
import { runFlow, listRunAttempts } from './flows';
import { discoverResolvers, getResolvers, updateResolvers } from './resolvers';

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('getResolvers', () => {
  it('lists static and dynamic resolvers with their flags and property definitions', async () => {
    addStaticResolvers('postgres', ['table', 'query']);
    const list = await getResolvers(1);
    expect(list.discoveryStatus).toMatchObject({ status: 'completed', error: null, resolverCount: list.resolvers.length });
    expect(list.discoveryRequired).toBe(false);
    expect(list.resolvers.filter((resolver) => resolver.type === 'static').map((resolver) => resolver.name)).toEqual(['table', 'query']);
    expect(list.resolvers.find((resolver) => resolver.name === 'audit_log')).toMatchObject({ type: 'dynamic', suppressed: true, maskedByDefault: false });
    expect(list.resolvers.find((resolver) => resolver.name === 'customers')).toMatchObject({ suppressed: false, maskedByDefault: true });
    expect(list.resolvers[0]?.propertyDefinitions[0]).toEqual({
      name: 'filter',
      displayName: 'Filter',
      type: 'STRING',
      required: false,
      description: 'Only matching items are moved.',
    });
  });

  it('shows discovery in progress, then completed with the dynamic resolvers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    mockService.reset(); // discovery of the seeded source starts now, on the fake clock
    addStaticResolvers('rest_api', ['repository']);
    const during = await getResolvers(SEED.discoveringSourceId);
    expect(during.discoveryStatus?.status).toBe('in_progress');
    expect(during.resolvers.map((resolver) => [resolver.name, resolver.type])).toEqual([['repository', 'static']]);
    vi.advanceTimersByTime(mockService.db.discoveryMs);
    const after = await getResolvers(SEED.discoveringSourceId);
    expect(after.discoveryStatus).toMatchObject({ status: 'completed', resolverCount: 4 });
    expect(after.resolvers.map((resolver) => resolver.name)).toEqual(['repository', 'issues', 'pulls', 'commits']);
  });

  it('reports a failed discovery with its error', async () => {
    const list = await getResolvers(SEED.badPasswordSourceId);
    expect(list.discoveryStatus).toMatchObject({ status: 'failed', error: 'password authentication failed for user "crm_reader"' });
    expect(list.discoveryRequired).toBe(true);
  });

  it('answers 404 for an unknown source, 401 without a key, 403 with the plan message', async () => {
    expect(await apiError(getResolvers(999))).toMatchObject({ kind: 'not_found' });
    mockService.failNext('getResolvers', { status: 403, message: 'Your current plan does not support discovery.' });
    expect(await apiError(getResolvers(1))).toMatchObject({ kind: 'forbidden', message: 'Your current plan does not support discovery.' });
    signIn(null);
    expect(await apiError(getResolvers(1))).toMatchObject({ kind: 'unauthorized' });
  });

  it('reads a list without discovery status and unknown statuses as they come', async () => {
    mockService.failNext('getResolvers', { body: { data: { resolvers: [{ name: 'x' }] } } });
    expect(await getResolvers(1)).toEqual({
      resolvers: [
        {
          name: 'x',
          notes: null,
          type: null,
          category: null,
          suppressed: false,
          maskedByDefault: false,
          propertyDefinitions: [],
          columns: [],
          primaryKey: null,
          cursorCandidates: [],
        },
      ],
      discoveryStatus: null,
      discoveryRequired: false,
    });
    mockService.failNext('getResolvers', { body: { data: { discoveryStatus: { status: 'QUEUED' } } } });
    expect((await getResolvers(1)).discoveryStatus?.status).toBe('queued');
  });
});

describe('updateResolvers', () => {
  it('turns a resolver off and on again: the list says so and a run of a flow of that source skips it', async () => {
    const off = await updateResolvers(1, { resolvers: [{ name: 'orders', suppressed: true }] });
    expect(off.resolvers.find((resolver) => resolver.name === 'orders')?.suppressed).toBe(true);
    expect((await getResolvers(1)).resolvers.find((resolver) => resolver.name === 'orders')?.suppressed).toBe(true);
    await runFlow(1); // flow 1 reads source 1
    const [attempt] = await listRunAttempts(1, { limit: 1, order: 'DESC' });
    expect(attempt?.resources.map((resource) => resource.name)).toEqual(['order_items', 'customers']);
    const on = await updateResolvers(1, { resolvers: [{ name: 'audit_log', suppressed: false }] });
    expect(on.resolvers.find((resolver) => resolver.name === 'audit_log')?.suppressed).toBe(false);
  });

  it('answers 400 naming a resolver the source does not have; the writer refuses an empty change before sending', async () => {
    expect(await apiError(updateResolvers(1, { resolvers: [{ name: 'nope', suppressed: true }] }))).toMatchObject({
      kind: 'bad_request',
      message: 'Bad Request: This source has no resolver named "nope".',
    });
    expect(await apiError(updateResolvers(1, { resolvers: [] }))).toMatchObject({ kind: 'bad_request', status: undefined });
  });
});

describe('discoverResolvers', () => {
  it('starts discovery now, keeps the time the listed resolvers were found, and refuses a second one while it runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    mockService.reset();
    const before = (await getResolvers(1)).discoveryStatus?.discoveredAt;
    expect(before).not.toBeNull();
    const started = await discoverResolvers(1);
    expect(started.discoveryStatus).toMatchObject({ status: 'in_progress', discoveredAt: before });
    expect(await apiError(discoverResolvers(1))).toMatchObject({ kind: 'bad_request', message: 'Discovery of source 1 is already in progress.' });
    vi.advanceTimersByTime(mockService.db.discoveryMs);
    const after = await getResolvers(1);
    expect(after.discoveryStatus?.status).toBe('completed');
    expect(Date.parse(after.discoveryStatus?.discoveredAt ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
  });

  it('keeps the last good time and the error after a failed discovery', async () => {
    const failed = (await getResolvers(SEED.badPasswordSourceId)).discoveryStatus;
    expect(failed?.error).toBe('password authentication failed for user "crm_reader"');
    expect(failed?.discoveredAt).not.toBeNull();
  });
});
