import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { attemptEnded, createFlow, createSampleFlow, createWebhook, createWorkflow, expectError, expectStatus, inFuture } from './fixtures';
import { createTestDatabase, startHarness } from './harness';
import { fill, OPERATIONS, PUBLIC_OPERATIONS } from './operations';

// FLOWDECK_PROFILE=hosted: the service answers the interface document's operations and the additions
// the hosted documentation shows too (flow status, create and update flow, source verify, connectors),
// in the hosted shapes; every other Flowdeck addition answers 404 `Not Found`, key or no key, as a
// service without it would. The dashboard's proxy e2e runs against this profile.

// Two instances on one database: the hosted one under test, and a Flowdeck one that makes what the
// hosted profile has no operation to make (workflows, webhook triggers).
const database = await createTestDatabase();
const hosted = await startHarness({ database, env: { FLOWDECK_PROFILE: 'hosted' } });
const flowdeck = await startHarness({ database });
afterAll(async () => {
  await flowdeck.stop();
  await hosted.stop();
  await database.drop();
});
const { api } = hosted;
const make = flowdeck.api;

const { source, destination, flow } = await createSampleFlow(make);
const workflow = await createWorkflow(make, { flows: [flow.id] });
const webhook = await createWebhook(make, workflow.id);
const card = (await make(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } })).body as {
  data: { id: number; hash_id: string };
};

/** Real ids, so that only the profile decides whether the operation is there. */
async function pathOf(path: string, method: string): Promise<string> {
  let id = path.startsWith('/v2/sources')
    ? source.id
    : path.startsWith('/v2/destinations')
      ? destination.id
      : path.startsWith('/v2/flows')
        ? flow.id
        : workflow.id;
  let triggerId = webhook.id;
  // A delete gets a resource of its own, so the others still find theirs.
  if (method === 'DELETE' && path.startsWith('/v2/flows')) id = (await createFlow(make, source.id, destination.id)).id;
  if (method === 'DELETE' && path === '/v2/workflows/{id}') id = (await createWorkflow(make, { flows: [flow.id] })).id;
  if (method === 'DELETE' && path.includes('{webhook_trigger_id}')) triggerId = (await createWebhook(make, workflow.id)).id;
  return fill(path, {
    id,
    attemptId: 1,
    name: 'sample',
    webhook_trigger_id: triggerId,
    cardId: card.data.id,
    hash_id: card.data.hash_id,
    webhook_id: webhook.webhookId,
  });
}

const bodyOf = (method: string) => (method === 'POST' || method === 'PATCH' ? {} : undefined);
const served = OPERATIONS.filter((operation) => operation.documented || operation.hosted);
const additions = [...OPERATIONS, ...PUBLIC_OPERATIONS].filter((operation) => !operation.documented && !operation.hosted);

describe('FLOWDECK_PROFILE=hosted', () => {
  it.each(served.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s is answered', async (_label, operation) => {
    const answer = await api(await pathOf(operation.path, operation.method), { method: operation.method, body: bodyOf(operation.method) });
    expect(answer.status, JSON.stringify(answer.body)).not.toBe(404);
    expect(answer.status).toBeLessThan(500);
    if (operation.path === '/v2/flows/{id}/run' && operation.method === 'POST') await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' });
  });

  it.each(additions.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers 404 Not Found, key or no key',
    async (_label, operation) => {
      const path = await pathOf(operation.path, operation.method);
      expectError(await api(path, { method: operation.method, body: bodyOf(operation.method) }), 404, 'Not Found');
      expectError(await api(path, { method: operation.method, body: bodyOf(operation.method), key: null }), 404, 'Not Found');
    },
  );

  it('answers the flow status with exactly the hosted fields (no lastAttempt)', async () => {
    const fresh = await createFlow(api, source.id, destination.id);
    const answer = expectStatus(await api(`/v2/flows/${String(fresh.id)}/status`), 200);
    expect(answer.body).toEqual({ id: fresh.id, lifecycle: 'NOT_RUNNING', disposition: 'NONE', resources: [], errors: null, completedAt: null });
  });

  it('answers the workflow status with exactly the hosted fields (no lastRun)', async () => {
    const fresh = await createWorkflow(make, { flows: [flow.id] });
    const answer = expectStatus(await api(`/v2/workflows/${String(fresh.id)}/status`), 200);
    expect(answer.body).toEqual({ id: fresh.id, lifecycle: 'NOT_RUNNING', disposition: 'NONE', resources: [], errors: [], completedAt: null });
  });

  it('answers the resolvers with exactly the hosted discovery status fields (no discoveredAt)', async () => {
    const answer = expectStatus(await api(`/v2/sources/${String(source.id)}/resolvers`), 200);
    const { discoveryStatus } = (answer.body as { data: { discoveryStatus: Record<string, unknown> } }).data;
    expect(Object.keys(discoveryStatus).sort()).toEqual(['error', 'resolverCount', 'status', 'timestamp']);
  });

  // Flowdeck's `paused` and `number` are additions a hosted client has never seen: left out, and a PATCH
  // with `paused` is refused as by a service that cannot pause (server/routes/flows.ts).
  it('answers flows and run attempts with exactly the hosted fields (no paused, no number)', async () => {
    const fresh = await createFlow(make, source.id, destination.id, { frequency: '6h' });
    await make(`/v2/flows/${String(fresh.id)}`, { method: 'PATCH', body: { paused: true } });
    const listed = (expectStatus(await api('/v2/flows'), 200).body as { data: Record<string, unknown>[] }).data;
    for (const item of listed)
      expect(Object.keys(item).sort()).toEqual(['cron' in item ? 'cron' : 'frequency', 'destination', 'displayName', 'id', 'source'].sort());
    const patched = expectStatus(await api(`/v2/flows/${String(fresh.id)}`, { method: 'PATCH', body: { displayName: 'Renamed' } }), 200);
    expect(patched.body).toEqual({ data: { id: fresh.id, displayName: 'Renamed', source: source.id, destination: destination.id, frequency: '6h' } });
    expectError(await api(`/v2/flows/${String(fresh.id)}`, { method: 'PATCH', body: { paused: false } }), 400, /^Bad Request: .*paused/);

    expectStatus(await api(`/v2/flows/${String(fresh.id)}/run`, { method: 'POST' }), 201);
    const ended = await attemptEnded(api, fresh.id);
    const raw = (expectStatus(await api(`/v2/flows/${String(fresh.id)}/run`), 200).body as { data: Record<string, unknown>[] }).data;
    expect(Object.keys(raw[0] ?? {}).sort()).toEqual(['completedAt', 'createdAt', 'disposition', 'errors', 'flow', 'id', 'lifecycle', 'resources', 'trigger']);
    expect(raw[0]?.id).toBe(ended.id);
  });

  // How flows keep their tables (issue 29) is Flowdeck's: left out of every hosted answer, refused in its writers.
  it('answers resolvers, attempt resources and specs without the table fields, and refuses them in a flow', async () => {
    const raw = (expectStatus(await api(`/v2/flows/${String(flow.id)}/run`), 200).body as { data: { resources?: Record<string, unknown>[] }[] }).data;
    for (const resource of raw.flatMap((attempt) => attempt.resources ?? []))
      expect(Object.keys(resource).sort()).toEqual(['analyzed', 'extracted', 'loaded', 'name']);
    const { resolvers } = (
      expectStatus(await api(`/v2/sources/${String(source.id)}/resolvers`), 200).body as { data: { resolvers: Record<string, unknown>[] } }
    ).data;
    for (const resolver of resolvers) expect(resolver).not.toHaveProperty('columns');
    const created = expectStatus(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', properties: { row_count: 10 } } }), 201).body as {
      data: { sourceSpec: { propertyDefinitions: Record<string, unknown>[] } };
    };
    for (const definition of created.data.sourceSpec.propertyDefinitions) expect(definition).not.toHaveProperty('default');
    const body = { displayName: 'x', source: source.id, destination: destination.id, namespace: 'mine' };
    expectError(await api('/v2/flows', { method: 'POST', body }), 400, /^Bad Request: .*namespace/);
  });

  it('still asks for a key on what it serves, and paths it does not know at all are 404', async () => {
    expectError(await api(`/v2/flows/${String(flow.id)}/status`, { key: null }), 401, 'Unauthorized');
    expectError(await api('/v2/nothing-here'), 404, 'Not Found');
  });
});

describe('FLOWDECK_PROFILE', () => {
  it('is flowdeck by default and refuses a value it does not know, naming both', () => {
    expect(readConfig({}).profile).toBe('flowdeck');
    expect(readConfig({ FLOWDECK_PROFILE: 'hosted' }).profile).toBe('hosted');
    expect(() => readConfig({ FLOWDECK_PROFILE: 'portable' })).toThrow(/FLOWDECK_PROFILE must be flowdeck or hosted, got "portable"/);
  });
});
