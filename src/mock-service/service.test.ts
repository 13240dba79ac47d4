import { describe, expect, it } from 'vitest';
import { listFlows } from '@/api/flows';
import { mockService } from '@/test/server';
import { rawCall, signIn } from './api-test-helpers';
import { STARTER_API_KEY } from './auth';
import { randomHashId } from './hash-id';
import { SEED } from './seed';
import { createMockService } from './service';

// The mock's own behaviour beyond what the src/api tests cover: Flowdeck's additions, the failure
// switches and reset.

const keyedEndpoints: [string, string][] = [
  ['GET', '/v2/sources'],
  ['POST', '/v2/sources'],
  ['GET', '/v2/sources/1'],
  ['PATCH', '/v2/sources/1'],
  ['DELETE', '/v2/sources/1'],
  ['PATCH', '/v2/sources/1/resolvers'],
  ['POST', '/v2/sources/1/discover'],
  ['POST', '/v2/sources/1/configuration_cards'],
  ['GET', '/v2/sources/1/configuration_cards'],
  ['GET', '/v2/sources/1/resolvers'],
  ['GET', '/v2/sources/1/verify'],
  ['GET', '/v2/connectors'],
  ['GET', '/v2/sourcespecs'],
  ['GET', '/v2/sourcespecs/postgres'],
  ['GET', '/v2/destinations'],
  ['POST', '/v2/destinations'],
  ['GET', '/v2/destinations/1'],
  ['PATCH', '/v2/destinations/1'],
  ['DELETE', '/v2/destinations/1'],
  ['GET', '/v2/destinations/1/verify'],
  ['GET', '/v2/destinationspecs'],
  ['GET', '/v2/flows'],
  ['POST', '/v2/flows/1/run'],
  ['GET', '/v2/flows/1/run'],
  ['POST', '/v2/flows/1/cancel'],
  ['GET', '/v2/flows/1/status'],
  ['POST', '/v2/flows'],
  ['PATCH', '/v2/flows/1'],
  ['DELETE', '/v2/flows/1'],
  ['GET', '/v2/workflows'],
  ['GET', '/v2/workflows/1/status'],
  ['POST', '/v2/workflows/1/run'],
  ['POST', '/v2/workflows/1/cancel'],
  ['DELETE', '/v2/workflows/1'],
  ['GET', '/v2/workflows/1/webhooks'],
  ['POST', '/v2/workflows/1/webhooks'],
  ['GET', '/v2/workflows/1/webhooks/1'],
  ['DELETE', '/v2/workflows/1/webhooks/1'],
];

describe('authentication', () => {
  it('answers 401 Unauthorized on every keyed endpoint without a valid key', async () => {
    for (const [method, path] of keyedEndpoints) {
      expect(await rawCall(method, path, { token: null }), `${method} ${path}`).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await rawCall(method, path, { token: 'guess' }), `${method} ${path}`).toMatchObject({ status: 401 });
    }
    expect(new Set(mockService.calls.map((call) => call.operation)).size).toBe(keyedEndpoints.length);
  });

  it('answers 403 with the plan message on every workflow endpoint for the starter key', async () => {
    for (const [method, path] of keyedEndpoints.filter(([, path]) => path.startsWith('/v2/workflows'))) {
      expect(await rawCall(method, path, { token: STARTER_API_KEY }), path).toEqual({
        status: 403,
        body: { message: 'Your current plan does not support workflows.' },
      });
    }
    expect(await rawCall('GET', '/v2/flows', { token: STARTER_API_KEY })).toMatchObject({ status: 200 });
  });
});

describe("Flowdeck's additions", () => {
  it('lists sources (summary spec, masked secrets) and pages with limit and offset', async () => {
    const all = await rawCall('GET', '/v2/sources');
    expect(all.body).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ id: 1, properties: expect.objectContaining({ password: '********' }) as unknown })]) as unknown,
    });
    const page = await rawCall('GET', '/v2/sources?limit=2&offset=1');
    expect(page.body).toMatchObject({ data: [{ id: 2 }, { id: 3 }] });
    expect(await rawCall('GET', '/v2/sources?limit=0')).toMatchObject({ status: 400 });
    expect(await rawCall('GET', '/v2/sources?offset=-1')).toMatchObject({ status: 400 });
  });

  it('gets one source with the full spec, 404 for an unknown one', async () => {
    expect(await rawCall('GET', '/v2/sources/3')).toMatchObject({
      status: 200,
      body: { data: { sourceSpec: { name: 'rest_api', instructions: expect.any(String) as unknown } } },
    });
    expect(await rawCall('GET', '/v2/sources/999')).toEqual({ status: 404, body: { message: 'Not Found' } });
    expect(await rawCall('GET', '/v2/sources/abc')).toEqual({ status: 400, body: { message: 'Bad Request: id must be a positive integer.' } });
  });

  it('lists destinations and source specs', async () => {
    expect(await rawCall('GET', '/v2/destinations')).toMatchObject({ body: { data: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }] } });
    const specs = await rawCall('GET', '/v2/sourcespecs');
    expect(specs.body).toMatchObject({
      data: [{ name: 'postgres' }, { name: 'rest_api' }, { name: 'sample' }, { name: 'csv' }],
    });
    expect(JSON.stringify(specs.body)).not.toContain('propertyDefinitions');
  });

  it('lists and creates webhook triggers', async () => {
    expect(await rawCall('GET', '/v2/workflows/1/webhooks')).toMatchObject({ body: { data: [{ id: 1 }, { id: 2 }] } });
    const created = await rawCall('POST', '/v2/workflows/2/webhooks', { body: { provider: 'slack', event_type: 'reaction_added' } });
    expect(created).toMatchObject({
      status: 201,
      body: { data: { id: 4, workflow_id: 2, provider: 'slack', status: 'active', trigger_count: 0, event_type: 'reaction_added' } },
    });
    expect(await rawCall('POST', '/v2/workflows/2/webhooks', { body: { provider: 'slack' } })).toMatchObject({ status: 400 });
    expect(await rawCall('POST', '/v2/workflows/99/webhooks', { body: { provider: 'slack', event_type: 'x' } })).toMatchObject({ status: 404 });
  });
});

describe('failure switches', () => {
  it('failNext fails once per queued failure, in order', async () => {
    signIn();
    mockService.failNext('listFlows', { status: 500 });
    mockService.failNext('listFlows', { status: 503, message: 'Maintenance' });
    await expect(listFlows()).rejects.toMatchObject({ status: 500 });
    await expect(listFlows()).rejects.toMatchObject({ status: 503, message: 'Maintenance' });
    await expect(listFlows()).resolves.toHaveLength(14);
  });

  it('fail persists until cleared; failNext goes first', async () => {
    signIn();
    mockService.fail('listFlows', { status: 500 });
    mockService.failNext('listFlows', { status: 404 });
    await expect(listFlows()).rejects.toMatchObject({ status: 404 });
    await expect(listFlows()).rejects.toMatchObject({ status: 500 });
    await expect(listFlows()).rejects.toMatchObject({ status: 500 });
    mockService.clearFailures('listFlows');
    await expect(listFlows()).resolves.toHaveLength(14);
  });

  it('reset reseeds the data and forgets failures and calls', async () => {
    signIn();
    await rawCall('DELETE', '/v2/workflows/1');
    mockService.fail('listFlows');
    mockService.reset();
    expect(mockService.calls).toHaveLength(0);
    expect(mockService.db.workflow(1)).toBeDefined();
    await expect(listFlows()).resolves.toHaveLength(14);
  });
});

describe('seed and helpers', () => {
  it('is deterministic for a given time', () => {
    const now = Date.UTC(2025, 0, 15, 12);
    const a = createMockService({ now: () => now });
    const b = createMockService({ now: () => now });
    expect(a.db.state).toEqual(b.db.state);
    expect(a.db.state.flows.filter((flow) => flow.cron).length).toBeGreaterThanOrEqual(3);
    expect(a.db.card(SEED.expiredCardHash)?.expiresAt).toBeLessThan(now);
  });

  it('makes URL-safe hash ids with 128 random bits', () => {
    const ids = new Set(Array.from({ length: 200 }, randomHashId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('follows an injected clock', () => {
    let now = Date.UTC(2025, 0, 15, 12);
    const service = createMockService({ now: () => now, runDurationMs: 1000 });
    const run = service.db.startFlowRun(1);
    expect(service.db.activeFlowRun(1)).toBe(run);
    now += 1000;
    expect(service.db.activeFlowRun(1)).toBeUndefined();
  });
});
