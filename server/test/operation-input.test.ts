import { afterAll, describe, expect, it } from 'vitest';
import { createSampleFlow, createWebhook, createWorkflow, expectError, expectStatus, inFuture } from './fixtures';
import { type ApiOptions, startHarness } from './harness';

// Each operation's path parameters, query and body are read before its handler runs, by what the
// operations table says of it. A request wrong in one way gets the answer it always got: the status
// and the exact `{ message }`, which the hosted service's clients and the dashboard show or match.

const service = await startHarness();
const hosted = await startHarness({ env: { FLOWDECK_PROFILE: 'hosted' } });
afterAll(async () => {
  await Promise.all([service.stop(), hosted.stop()]);
});
const { api } = service;

const { flow, source, destination } = await createSampleFlow(api, { row_count: 1 });
const workflow = await createWorkflow(api, { flows: [flow.id] });
await createWebhook(api, workflow.id);
const card = (
  expectStatus(await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(86_400_000) } }), 201).body as {
    data: { hash_id: string };
  }
).data.hash_id;
const [f, s, d, w] = [flow.id, source.id, destination.id, workflow.id].map(String);

type Case = [label: string, path: string, options: ApiOptions, message: string];
const bad = (text: string) => `Bad Request: ${text}`;
const patch = (body: unknown): ApiOptions => ({ method: 'PATCH', body });
const post = (body: unknown): ApiOptions => ({ method: 'POST', body });

const PATH: Case[] = [
  ['an id that is not a number', '/v2/sources/abc', {}, bad('id must be a positive integer.')],
  ['an id past Postgres’ integer', '/v2/flows/2147483648/run', { method: 'POST' }, bad('id must be a positive integer.')],
  ['an attempt id that is not a number', `/v2/flows/${f}/run/abc`, {}, bad('attemptId must be a positive integer.')],
  ['a card id that is not a number', `/v2/sources/${s}/configuration_cards/x`, { method: 'DELETE' }, bad('cardId must be a positive integer.')],
  ['a webhook trigger id that is not a number', `/v2/workflows/${w}/webhooks/x`, {}, bad('webhook_trigger_id must be a positive integer.')],
];

const QUERY: Case[] = [
  ['a limit of 0', '/v2/flows?limit=0', {}, bad('limit must be an integer from 1 to 1000.')],
  ['a limit that is not a number', '/v2/sources?limit=abc', {}, bad('limit must be an integer from 1 to 1000.')],
  ['a negative offset', '/v2/workflows?offset=-1', {}, bad('offset must be an integer from 0 to 2147483647.')],
  ['an unknown sort', `/v2/flows/${f}/run?sort=up`, {}, bad('sort must be asc or desc.')],
  ['a sort and an order that disagree', `/v2/flows/${f}/run?sort=asc&order=DESC`, {}, bad('sort and order disagree.')],
  ['a timeline without its window', '/v2/timeline', {}, bad('from is required: an ISO 8601 date-time.')],
  ['a timeline window backwards', '/v2/timeline?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', {}, bad('to must be after from.')],
  ['statuses of no flow', '/v2/flow-statuses', {}, bad('ids must name 1 to 100 flows, comma-separated.')],
  ['statuses of a flow named by a word', '/v2/flow-statuses?ids=a', {}, bad('Each of ids must be a positive integer.')],
  ['a log cursor the service never gave', `/v2/flows/${f}/run/1/logs?after=zz`, {}, bad('after is not a cursor this service gave.')],
  ['a log page of 0 lines', `/v2/flows/${f}/run/1/logs?limit=0`, {}, bad('limit must be an integer from 1 to 5000.')],
];

const BODY: Case[] = [
  ['a body that is not JSON', '/v2/flows', post('{"displayName":'), bad('the body must be JSON.')],
  ['a body that is a list', '/v2/flows', post([]), bad('Invalid input: expected object, received array')],
  ['an unknown field in a strict body', '/v2/flows', post({ displayName: 'x', source: 1, destination: 1, bogus: true }), bad('Unrecognized key: "bogus"')],
  [
    'an empty body where fields are required',
    '/v2/flows',
    post(''),
    bad(
      'displayName: Invalid input: expected string, received undefined; source: Invalid input: expected number, received undefined; destination: Invalid input: expected number, received undefined',
    ),
  ],
  ['a field of the wrong type', `/v2/flows/${f}`, patch({ paused: 'yes' }), bad('paused: Invalid input: expected boolean, received string')],
  ['an unknown field in a change of a flow', `/v2/flows/${f}`, patch({ bogus: 1 }), bad('Unrecognized key: "bogus"')],
  ['a source without its spec', '/v2/sources', post({}), bad('sourceSpec: Invalid input: expected string, received undefined')],
  ['a source with an empty spec name', '/v2/sources', post({ sourceSpec: '' }), bad('sourceSpec: Too small: expected string to have >=1 characters')],
  [
    'properties that are not an object',
    '/v2/sources',
    post({ sourceSpec: 'sample', properties: 'x' }),
    bad('properties must be an object of property names to values.'),
  ],
  ['a property that is not a scalar', '/v2/sources', post({ sourceSpec: 'sample', properties: { row_count: {} } }), bad('properties: row_count Invalid input')],
  ['an unknown property', '/v2/sources', post({ sourceSpec: 'sample', properties: { nope: 1 } }), bad('Unknown properties: nope')],
  [
    'an unknown field beside properties',
    '/v2/sources',
    post({ sourceSpec: 'sample', properties: { row_count: 1 }, bogus: 1 }),
    bad('Unrecognized key: "bogus"'),
  ],
  ['a name that is not text', `/v2/sources/${s}`, patch({ displayName: 5 }), bad('displayName: Invalid input: expected string, received number')],
  [
    'a property outside its choices',
    `/v2/destinations/${d}`,
    patch({ properties: { format: 'xml' } }),
    bad('Property format must be one of jsonl, csv, parquet.'),
  ],
  [
    'a destination spec that is not text',
    '/v2/destinations',
    post({ destinationSpec: 5 }),
    bad('destinationSpec: Invalid input: expected string, received number'),
  ],
  ['resolvers that are not a list', `/v2/sources/${s}/resolvers`, patch({ resolvers: 'x' }), bad('resolvers: Invalid input: expected array, received string')],
  ['a card expiring at no date', `/v2/sources/${s}/configuration_cards`, post({ expiresAt: 'tomorrow' }), bad('expiresAt: Invalid ISO datetime')],
  ['a workflow without its definition', '/v2/workflows', post({ name: 'x' }), bad('definition: Invalid input: expected record, received undefined')],
  [
    'a webhook trigger without its event',
    `/v2/workflows/${w}/webhooks`,
    post({ provider: 'x' }),
    bad('event_type: Invalid input: expected string, received undefined'),
  ],
];

describe.each([
  ['path parameter', PATH],
  ['query', QUERY],
  ['body', BODY],
])('a bad %s', (_, cases) => {
  it.each(cases)('%s answers its exact 400', async (_label, path, options, message) => {
    expectError(await api(path, options), 400, message);
  });
});

describe('input read before the handler', () => {
  it('answers 400 to a malformed request even when it also names a missing resource', async () => {
    expectError(await api('/v2/flows/999999/run/abc'), 400, bad('attemptId must be a positive integer.'));
    expectError(await api('/v2/flows/999999/run?limit=0'), 400, bad('limit must be an integer from 1 to 1000.'));
    expectError(await api('/v2/flows/999999', patch({ bogus: 1 })), 400, bad('Unrecognized key: "bogus"'));
    expectError(await api('/v2/flows/999999', patch({ displayName: 'x' })), 404, 'Not Found');
  });

  it('checks the plan first: a plan without workflows gets 403 whatever the input', async () => {
    const starter = service.keys.starter;
    expectError(await api('/v2/workflows/abc/status', { key: starter }), 403, 'Your current plan does not support workflows.');
    expectError(await api('/v2/workflows?limit=0', { key: starter }), 403, 'Your current plan does not support workflows.');
    expectError(await api('/v2/workflows', { method: 'POST', body: '{', key: starter }), 403, 'Your current plan does not support workflows.');
  });
});

describe('a card recipient’s body', () => {
  it('is read once the card’s hash is checked: 401 for another bearer, whatever the body', async () => {
    expectError(await api(`/v2/cards/${card}`, { method: 'PATCH', body: { bogus: 1 }, key: null }), 401, 'Unauthorized');
  });

  it('answers its exact 400 to its recipient', async () => {
    expectError(
      await api(`/v2/cards/${card}`, { method: 'PATCH', body: { properties: 'x' }, key: card }),
      400,
      bad('properties must be an object of property names to values.'),
    );
    expectError(
      await api(`/v2/cards/${card}`, { method: 'PATCH', body: { bogus: 1 }, key: card }),
      400,
      bad('properties: Invalid input: expected record, received undefined; Unrecognized key: "bogus"'),
    );
  });
});

describe('the hosted profile', () => {
  it('refuses Flowdeck’s `paused` in a change of a flow, as a field it does not know', async () => {
    const { flow: hostedFlow } = await createSampleFlow(hosted.api, { row_count: 1 });
    expectError(await hosted.api(`/v2/flows/${String(hostedFlow.id)}`, patch({ paused: true })), 400, bad('Unrecognized key: "paused"'));
    expectStatus(await hosted.api(`/v2/flows/${String(hostedFlow.id)}`, patch({ displayName: 'renamed' })), 200);
  });

  it('reads the same query rules', async () => {
    expectError(await hosted.api('/v2/flows?limit=0'), 400, bad('limit must be an integer from 1 to 1000.'));
  });
});

describe('a masked secret sent back', () => {
  it('keeps the stored value (the hosted service’s rule), though the dashboard never sends one', async () => {
    const created = expectStatus(
      await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', properties: { host: '127.0.0.1', password: 'hunter2' } } }),
      201,
    ).body as { data: { id: number; properties: Record<string, unknown> } };
    expect(created.data.properties.password).toBe('********');
    const id = String(created.data.id);
    const changed = expectStatus(await api(`/v2/sources/${id}`, patch({ displayName: 'kept', properties: { password: '********' } })), 200);
    expect((changed.body as { data: { properties: Record<string, unknown> } }).data.properties.password).toBe('********');
    const [row] = await service.sql<{ sealed: boolean }>(`SELECT properties->'password' ? '$secret' AS sealed FROM sources WHERE id = ${id}`);
    expect(row?.sealed).toBe(true);
  });
});
