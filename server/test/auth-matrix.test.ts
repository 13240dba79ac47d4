import { afterAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, createFlow, createSampleFlow, createWebhook, createWorkflow, expectError, expectStatus, inFuture, PLAN_MESSAGE } from './fixtures';
import { type ApiOptions, startHarness } from './harness';
import { fill, OPERATIONS } from './operations';

// Every operation behind an API key, with no key, a wrong key and malformed headers: 401
// `Unauthorized`. With a starter-plan key, operations that need workflows: 403 with the plan message;
// the others work. The card recipient endpoints take the card's hash as their bearer.

const service = await startHarness();
afterAll(() => service.stop());
const { api, keys } = service;

const { source, destination, flow } = await createSampleFlow(api);
const workflow = await createWorkflow(api, { flows: [flow.id] });
const webhook = await createWebhook(api, workflow.id);
const values = { id: 0, name: 'sample', webhook_trigger_id: webhook.id, cardId: 1, attemptId: 1, runId: 1 };

/** The ids each operation addresses: real resources, so that only the key decides the answer. */
function pathOf(path: string): string {
  const id = path.startsWith('/v2/sources')
    ? source.id
    : path.startsWith('/v2/destinations')
      ? destination.id
      : path.startsWith('/v2/flows')
        ? flow.id
        : workflow.id;
  return fill(path, { ...values, id });
}

const bodyOf = (method: string) => (method === 'POST' || method === 'PATCH' ? {} : undefined);

const badCredentials: [string, ApiOptions][] = [
  ['no Authorization header', { key: null }],
  ['a wrong key', { key: 'fd_not-a-real-key' }],
  ['an empty bearer', { key: null, headers: { authorization: 'Bearer ' } }],
  ['the right key in another scheme', { key: null, headers: { authorization: `Basic ${keys.team}` } }],
  ['the right key without a scheme', { key: null, headers: { authorization: keys.team } }],
];

describe.each(badCredentials)('with %s', (_, credentials) => {
  it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers 401 Unauthorized',
    async (_label, operation) => {
      const answer = await api(pathOf(operation.path), { method: operation.method, body: bodyOf(operation.method), ...credentials });
      expectError(answer, 401, 'Unauthorized');
    },
  );
});

describe('with a starter-plan key', () => {
  const needingWorkflows = OPERATIONS.filter((operation) => operation.feature === 'workflows');
  const others = OPERATIONS.filter((operation) => operation.feature === undefined && operation.method !== 'DELETE');

  it.each(needingWorkflows.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers 403 with the plan message',
    async (_label, operation) => {
      expectError(await api(pathOf(operation.path), { method: operation.method, body: bodyOf(operation.method), key: keys.starter }), 403, PLAN_MESSAGE);
    },
  );

  it.each(others.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s is allowed', async (_label, operation) => {
    const answer = await api(pathOf(operation.path), { method: operation.method, body: bodyOf(operation.method), key: keys.starter });
    expect([401, 403], JSON.stringify(answer.body)).not.toContain(answer.status);
    expect(answer.status).toBeLessThan(500);
    if (operation.path === '/v2/flows/{id}/run' && operation.method === 'POST') await api(pathOf('/v2/flows/{id}/cancel'), { method: 'POST' });
  });

  it('can delete a flow', async () => {
    const doomed = await createFlow(api, source.id, destination.id);
    expectStatus(await api(`/v2/flows/${String(doomed.id)}`, { method: 'DELETE', key: keys.starter }), 200);
  });

  it('is refused workflows even for a workflow that does not exist (the plan is checked first)', async () => {
    expectError(await api('/v2/workflows/999999/status', { key: keys.starter }), 403, PLAN_MESSAGE);
  });

  it('still gets 400 for a bad body where the plan allows the operation', async () => {
    expectError(await api('/v2/sources', { method: 'POST', body: {}, key: keys.starter }), 400, BAD_REQUEST);
  });
});

describe('the card recipient endpoints', () => {
  it('need the card’s own hash as the bearer: none, an API key or another card’s hash is 401', async () => {
    const card = async () => {
      const answer = await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
      return (answer.body as { data: { hash_id: string } }).data.hash_id;
    };
    const hash = await card();
    const other = await card();
    for (const method of ['GET', 'PATCH']) {
      const body = method === 'PATCH' ? { properties: {} } : undefined;
      expectError(await api(`/v2/cards/${hash}`, { method, body, key: null }), 401, 'Unauthorized');
      expectError(await api(`/v2/cards/${hash}`, { method, body, key: keys.team }), 401, 'Unauthorized');
      expectError(await api(`/v2/cards/${hash}`, { method, body, key: other }), 401, 'Unauthorized');
    }
    expectStatus(await api(`/v2/cards/${hash}`, { key: hash }), 200);
  });
});
