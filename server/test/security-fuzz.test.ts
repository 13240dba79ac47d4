import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { createSampleFlow, createSampleSource, createWebhook, createWorkflow, expectStatus, inFuture } from './fixtures';
import { startHarness } from './harness';

// Every write endpoint fed hostile bodies: arbitrary JSON, bodies shaped like the real ones with wrong
// types, odd strings (NUL, lone surrogates, huge), big and negative numbers, deep nesting and text that
// is not JSON. The service answers each with a 2xx or a 4xx, never a 500. `npm test` sends 500 bodies
// per endpoint; `npm run fuzz` sends 10,000 (FUZZ_RUNS sets any count).

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const { flow, source, destination } = await createSampleFlow(api, { row_count: 1 });
const csvSource = await createSampleSource(api);
const workflow = await createWorkflow(api, { flows: [flow.id] });
const webhook = await createWebhook(api, workflow.id, { provider: 'generic', event_type: 'deploy' });
const channel = (
  expectStatus(
    await api('/v2/alerts/channels', {
      method: 'POST',
      body: { kind: 'webhook', name: 'Fuzzed', url: 'http://127.0.0.1:9/hook', signingSecret: 'a-signing-secret-of-some-length' },
    }),
    201,
  ).body as { data: { id: number } }
).data.id;
const card = (
  expectStatus(await api(`/v2/sources/${String(csvSource.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(86_400_000) } }), 201)
    .body as { data: { hash_id: string } }
).data.hash_id;

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '********',
    '../../etc/passwd',
    'file:///etc/passwd',
    'http://169.254.169.254/',
    '0 0 * * *',
    '* * * * * * *',
    'manual',
    '1h',
    'SOURCE',
    'x'.repeat(70_000),
    'webhook',
    'slack',
    'run_failed',
    'http://127.0.0.1:9/hook',
    'a-signing-secret-of-some-length',
  ),
);
const oddNumber = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, 0.5, -0));
const oddValue = fc.oneof(oddString, oddNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));
const fields = [
  'displayName',
  'name',
  'sourceSpec',
  'destinationSpec',
  'properties',
  'source',
  'destination',
  'frequency',
  'cron',
  'description',
  'enabled',
  'definition',
  'node_schemas',
  'provider',
  'event_type',
  'signing_secret',
  'credential_source_id',
  'expiresAt',
  'imageUrl',
  'instruction',
  'type',
  'steps',
  'flows',
  'resolvers',
];
const propertyNames = [
  'row_count',
  'seed',
  'location',
  'bucket_url',
  'format',
  'path',
  'host',
  'port',
  'password',
  'token',
  'base_url',
  'endpoints',
  'since',
  'kind',
  'url',
  'signingSecret',
  'events',
  'flows',
  'unknown',
];
const shaped = fc.dictionary(
  fc.constantFrom(...fields),
  fc.oneof(
    oddValue,
    fc.dictionary(fc.constantFrom(...propertyNames), oddValue),
    fc.record({ steps: fc.array(fc.record({ id: oddString, flow: oddValue, after: fc.array(oddString) }, { requiredKeys: [] })) }, { requiredKeys: [] }),
    fc.array(fc.record({ name: fc.oneof(oddString, fc.constantFrom('customers', 'orders')), suppressed: oddValue }, { requiredKeys: [] })),
  ),
);
const rawText = fc.oneof(
  fc.string(),
  fc.constantFrom('{', '[]', 'null', '"x"', '1', '{"a":', '\u0000', '{"displayName":"\\u0000"}', `${'['.repeat(3_000)}${']'.repeat(3_000)}`),
);
const body = fc.oneof(
  shaped.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  rawText,
);

const id = (value: number) => String(value);
const endpoints: { method: string; path: string; key?: string | null }[] = [
  { method: 'POST', path: '/v2/sources' },
  { method: 'PATCH', path: `/v2/sources/${id(source.id)}` },
  { method: 'POST', path: `/v2/sources/${id(source.id)}/configuration_cards` },
  { method: 'PATCH', path: `/v2/sources/${id(source.id)}/resolvers` },
  { method: 'POST', path: `/v2/sources/${id(source.id)}/discover` },
  { method: 'POST', path: '/v2/destinations' },
  { method: 'PATCH', path: `/v2/destinations/${id(destination.id)}` },
  { method: 'POST', path: '/v2/flows' },
  { method: 'PATCH', path: `/v2/flows/${id(flow.id)}` },
  { method: 'POST', path: '/v2/workflows' },
  { method: 'PATCH', path: `/v2/workflows/${id(workflow.id)}` },
  { method: 'POST', path: `/v2/workflows/${id(workflow.id)}/webhooks` },
  { method: 'POST', path: '/v2/alerts/channels' },
  { method: 'PATCH', path: `/v2/alerts/channels/${id(channel)}` },
  { method: 'PATCH', path: `/v2/cards/${card}`, key: card },
  { method: 'POST', path: `/v2/webhooks/${webhook.url.split('/').pop() ?? ''}`, key: null },
];

it.each(endpoints)(
  `answers no 500 to ${String(RUNS)} hostile bodies: $method $path`,
  async ({ method, path, key }) => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const answer = await api(path, { method, body: text, key });
        if (answer.status >= 500) failures.push(`${String(answer.status)} for ${text.slice(0, 200)}`);
        return answer.status < 500;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(failures).toEqual([]);
  },
  600_000,
);
