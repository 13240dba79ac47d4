import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { configurationCardSchema } from '@/api/cards';
import { destinationSchema } from '@/api/destinations';
import { usedByFlows } from '@/api/messages';
import { sourceSchema } from '@/api/sources';
import { BAD_REQUEST, createFilesDestination, createFlow, createSampleSource, expectError, expectStatus, expectWrapped, inFuture } from './fixtures';
import { startHarness } from './harness';

// Deleting sources and destinations (additions): refused while flows use them, naming those flows, and
// allowed once none does; a deleted source's configuration card links stop working.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const remove = (path: string) => api(path, { method: 'DELETE' });

describe.each([
  { noun: 'source', path: '/v2/sources', create: async () => (await createSampleSource(api, { row_count: 10 })).id },
  { noun: 'destination', path: '/v2/destinations', create: async () => (await createFilesDestination(api)).id },
] as const)('DELETE $path/{id}', ({ noun, path, create }) => {
  /** A flow between a fresh source and destination, with `id` at the end this describe is about. */
  async function flowUsing(id: number, displayName: string) {
    const other = noun === 'source' ? (await createFilesDestination(api)).id : (await createSampleSource(api, { row_count: 10 })).id;
    return noun === 'source' ? createFlow(api, id, other, { displayName }) : createFlow(api, other, id, { displayName });
  }

  it('answers 400 naming the flows that use it, and keeps it; once they are gone, { data: true } and it is gone', async () => {
    const id = await create();
    const first = await flowUsing(id, 'Nightly orders');
    const second = await flowUsing(id, 'Hourly orders');
    const refused = await remove(`${path}/${String(id)}`);
    expectError(refused, 400, usedByFlows(noun, id, [first, second]));
    expect((refused.body as { message: string }).message).toContain('“Nightly orders” (flow');
    expectStatus(await api(`${path}/${String(id)}`), 200);

    expectStatus(await api(`/v2/flows/${String(first.id)}`, { method: 'DELETE' }), 200);
    expectError(await remove(`${path}/${String(id)}`), 400, usedByFlows(noun, id, [second]));
    expectStatus(await api(`/v2/flows/${String(second.id)}`, { method: 'DELETE' }), 200);

    expect(expectWrapped(await remove(`${path}/${String(id)}`))).toBe(true);
    expectError(await api(`${path}/${String(id)}`), 404, 'Not Found');
    const schema = noun === 'source' ? sourceSchema : destinationSchema;
    const listed = dataOf(listOf(schema)).parse((await api(`${path}?limit=1000`)).body);
    expect(listed.map((item) => item.id)).not.toContain(id);
    expectError(await remove(`${path}/${String(id)}`), 404, 'Not Found');
  });

  it('answers 404 for an unknown id and 400 for one that is not a positive integer', async () => {
    expectError(await remove(`${path}/999999`), 404, 'Not Found');
    for (const bad of ['abc', '0', '-1', '2147483648']) expectError(await remove(`${path}/${bad}`), 400, BAD_REQUEST);
  });
});

describe('a deleted source', () => {
  it('takes its configuration card links with it: the recipient gets 404, reading and submitting', async () => {
    const source = await createSampleSource(api, { row_count: 10 });
    const created = await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
    const card = dataOf(configurationCardSchema).parse(expectStatus(created, 201).body);
    expectStatus(await api(`/v2/cards/${card.hashId}`, { key: card.hashId }), 200);

    expectStatus(await remove(`/v2/sources/${String(source.id)}`), 200);
    expectError(await api(`/v2/cards/${card.hashId}`, { key: card.hashId }), 404, 'Not Found');
    expectError(await api(`/v2/cards/${card.hashId}`, { method: 'PATCH', key: card.hashId, body: { properties: { row_count: 5 } } }), 404, 'Not Found');
    expectError(await api(`/v2/sources/${String(source.id)}/resolvers`), 404, 'Not Found');
    expectError(await api(`/v2/sources/${String(source.id)}/configuration_cards`), 404, 'Not Found');
  });
});
