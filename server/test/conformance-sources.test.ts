import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf, MASKED_SECRET } from '@/api/common';
import { configurationCardSchema } from '@/api/cards';
import { resolverListSchema } from '@/api/resolvers';
import { sourceSchema } from '@/api/sources';
import { sourceSpecSummarySchema } from '@/api/specs';
import { anyArray, anyNumber, anyString, BAD_REQUEST, containing, expectError, expectWrapped, including, inFuture } from './fixtures';
import { startHarness } from './harness';

// Sources, source specs, resolvers and card creation over HTTP: shapes read with the dashboard's
// readers, and the raw wire (wrapper, statuses, error texts).

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const postgresProperties = { host: 'db.internal', port: 5432, database: 'shop', user: 'reader', password: 'pa55-word' };

async function createPostgresSource(displayName = 'Shop database') {
  const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', displayName, properties: postgresProperties } });
  return dataOf(sourceSchema).parse({ data: expectWrapped(answer, 201) });
}

describe('POST /v2/sources (create source)', () => {
  it('answers 201 { data: Source } with the full spec, properties as a map and the password masked', async () => {
    const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', displayName: 'Shop', properties: postgresProperties } });
    const raw = expectWrapped(answer, 201) as Record<string, unknown>;
    expect(raw).toMatchObject({ id: anyNumber, displayName: 'Shop', properties: { ...postgresProperties, password: '********' } });
    expect(raw.sourceSpec).toMatchObject({
      name: 'postgres',
      instructions: anyString,
      propertyDefinitions: containing([including({ name: 'password', type: 'PASSWORD', required: true })]),
    });
    expect(Date.parse(raw.createdAt as string)).not.toBeNaN();
    expect(Date.parse(raw.updatedAt as string)).not.toBeNaN();
    const source = dataOf(sourceSchema).parse(answer.body);
    expect(source.properties.password).toEqual(MASKED_SECRET);
    expect(JSON.stringify(answer.body)).not.toContain('pa55-word');
  });

  it('answers 400 Bad Request for an unknown spec, a missing spec, unknown properties, wrong types, extra fields and non-JSON', async () => {
    const bodies: unknown[] = [
      { sourceSpec: 'nope', properties: {} },
      { displayName: 'No spec' },
      { sourceSpec: 'postgres', properties: { colour: 'blue' } },
      { sourceSpec: 'postgres', properties: { ...postgresProperties, port: 'five' } },
      { sourceSpec: 'postgres', properties: postgresProperties, extra: true },
      { sourceSpec: 'postgres', properties: 'host=x' },
      '{not json',
    ];
    for (const body of bodies) expectError(await api('/v2/sources', { method: 'POST', body }), 400, BAD_REQUEST);
  });
});

describe('GET /v2/sources and /v2/sources/{id} (additions)', () => {
  it('lists sources with the spec in summary form and gets one in full form', async () => {
    const created = await createPostgresSource('Listed');
    const list = dataOf(listOf(sourceSchema)).parse({ data: expectWrapped(await api('/v2/sources?limit=1000')) });
    const listed = list.find((source) => source.id === created.id);
    expect(listed?.displayName).toBe('Listed');
    const rawListed = ((await api('/v2/sources?limit=1000')).body as { data: { id: number; sourceSpec: Record<string, unknown> }[] }).data.find(
      (source) => source.id === created.id,
    );
    expect(Object.keys(rawListed?.sourceSpec ?? {}).sort()).toEqual(['authenticationStrategy', 'displayName', 'lifecycle', 'name', 'tagLine', 'website']);

    const one = dataOf(sourceSchema).parse({ data: expectWrapped(await api(`/v2/sources/${String(created.id)}`)) });
    expect(one).toEqual(created);
    expect(one.sourceSpec.propertyDefinitions.length).toBeGreaterThan(0);
  });

  it('answers 404 Not Found for an unknown id and 400 Bad Request for one that is not a positive integer', async () => {
    expectError(await api('/v2/sources/999999'), 404, 'Not Found');
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999']) expectError(await api(`/v2/sources/${id}`), 400, BAD_REQUEST);
  });
});

describe('PATCH /v2/sources/{id} (update source)', () => {
  it('answers 200 { data: Source } with the new name and values, other values kept', async () => {
    const created = await createPostgresSource();
    const answer = await api(`/v2/sources/${String(created.id)}`, { method: 'PATCH', body: { displayName: 'Renamed', properties: { schema: 'analytics' } } });
    const raw = expectWrapped(answer) as { displayName: string; properties: Record<string, unknown>; updatedAt: string };
    expect(raw.displayName).toBe('Renamed');
    expect(raw.properties).toEqual({ ...postgresProperties, schema: 'analytics', password: '********' });
    expect(Date.parse(raw.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt ?? ''));
  });

  it('answers 400 for bad bodies and 404 for an unknown source', async () => {
    const created = await createPostgresSource();
    expectError(await api(`/v2/sources/${String(created.id)}`, { method: 'PATCH', body: { properties: { colour: 'blue' } } }), 400, BAD_REQUEST);
    expectError(await api(`/v2/sources/${String(created.id)}`, { method: 'PATCH', body: { sourceSpec: 'csv' } }), 400, BAD_REQUEST);
    expectError(await api(`/v2/sources/${String(created.id)}`, { method: 'PATCH', body: '[' }), 400, BAD_REQUEST);
    expectError(await api('/v2/sources/999999', { method: 'PATCH', body: { displayName: 'x' } }), 404, 'Not Found');
  });
});

describe('GET /v2/sources/{id}/resolvers (discovered resolvers)', () => {
  it('answers { data: ResolverList } with resolvers, a discovery status and discoveryRequired', async () => {
    const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', properties: { row_count: 10 } } });
    const { id } = dataOf(sourceSchema).parse(answer.body);
    const raw = expectWrapped(await api(`/v2/sources/${String(id)}/resolvers`)) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(['discoveryRequired', 'discoveryStatus', 'resolvers']);
    expect(Object.keys(raw.discoveryStatus as object).sort()).toEqual(['discoveredAt', 'error', 'resolverCount', 'status', 'timestamp']);
    const list = resolverListSchema.parse(raw);
    expect(list.resolvers.map((resolver) => resolver.name).sort()).toEqual(['customers', 'orders', 'products']);
    expect(list.resolvers[0]).toMatchObject({ suppressed: false, propertyDefinitions: anyArray });
    expect(typeof list.discoveryRequired).toBe('boolean');
  });

  it('answers 404 for an unknown source', async () => {
    expectError(await api('/v2/sources/999999/resolvers'), 404, 'Not Found');
  });
});

describe('GET /v2/sourcespecs/{name} and /v2/sourcespecs', () => {
  it('answers the summary form: name, displayName, website, tagLine, lifecycle, authenticationStrategy', async () => {
    const raw = expectWrapped(await api('/v2/sourcespecs/postgres')) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(['authenticationStrategy', 'displayName', 'lifecycle', 'name', 'tagLine', 'website']);
    expect(sourceSpecSummarySchema.parse(raw)).toMatchObject({ name: 'postgres', lifecycle: 'STABLE', authenticationStrategy: 'BASIC' });
    expect(['ALPHA', 'BETA', 'STABLE', 'DEPRECATED']).toContain(raw.lifecycle);
  });

  it('lists every spec in summary form (addition) and answers 404 for an unknown name', async () => {
    const specs = dataOf(listOf(sourceSpecSummarySchema)).parse({ data: expectWrapped(await api('/v2/sourcespecs')) });
    expect(specs.map((spec) => spec.name)).toEqual(containing(['postgres', 'sample', 'rest_api', 'csv']));
    expectError(await api('/v2/sourcespecs/no-such-spec'), 404, 'Not Found');
  });
});

describe('POST /v2/sources/{id}/configuration_cards (create card link)', () => {
  it('answers 201 { data: ConfigurationCard } of type SOURCE', async () => {
    const source = await createPostgresSource('Card source');
    const expiresAt = inFuture(86_400_000);
    const answer = await api(`/v2/sources/${String(source.id)}/configuration_cards`, {
      method: 'POST',
      body: { expiresAt, imageUrl: 'https://example.com/logo.png', instruction: 'Fill in the password.' },
    });
    const raw = expectWrapped(answer, 201) as Record<string, unknown>;
    const interfaceKeys = ['expires_at', 'hash_id', 'id', 'image_url', 'instruction', 'source_name', 'type', 'url'];
    // Flowdeck's additions (left out by the hosted profile): who asks, where the recipient goes back, the card's state.
    const additions = ['redirectUrl', 'revoked_at', 'senderName', 'sourceId', 'state', 'stateChangedAt', 'submitted_at'];
    expect(Object.keys(raw).sort()).toEqual([...interfaceKeys, ...additions].sort());
    const card = configurationCardSchema.parse(raw);
    expect(card).toMatchObject({ type: 'SOURCE', sourceName: 'Card source', imageUrl: 'https://example.com/logo.png', instruction: 'Fill in the password.' });
    expect(Date.parse(card.expiresAt)).toBe(Date.parse(expiresAt));
  });

  it("takes the hosted documentation's `type` (SOURCE, AGENT, DESTINATION), stores it and returns it, in the list too", async () => {
    const source = await createPostgresSource('Typed cards');
    const path = `/v2/sources/${String(source.id)}/configuration_cards`;
    for (const type of ['AGENT', 'DESTINATION', 'SOURCE']) {
      const raw = expectWrapped(await api(path, { method: 'POST', body: { type, expiresAt: inFuture(86_400_000) } }), 201) as Record<string, unknown>;
      expect(raw.type).toBe(type);
    }
    const listed = expectWrapped(await api(path)) as { type: string }[];
    expect(listed.map((card) => card.type)).toEqual(['SOURCE', 'DESTINATION', 'AGENT']);
    expectError(await api(path, { method: 'POST', body: { type: 'ROBOT', expiresAt: inFuture(60_000) } }), 400, BAD_REQUEST);
  });

  it('answers 400 without expiresAt, with a past one or a bad image URL, and 404 for an unknown source', async () => {
    const source = await createPostgresSource();
    const path = `/v2/sources/${String(source.id)}/configuration_cards`;
    expectError(await api(path, { method: 'POST', body: {} }), 400, BAD_REQUEST);
    expectError(await api(path, { method: 'POST', body: { expiresAt: inFuture(-60_000) } }), 400, BAD_REQUEST);
    expectError(await api(path, { method: 'POST', body: { expiresAt: 'tomorrow' } }), 400, BAD_REQUEST);
    expectError(await api(path, { method: 'POST', body: { expiresAt: inFuture(60_000), imageUrl: 'javascript:alert(1)' } }), 400, BAD_REQUEST);
    expectError(await api('/v2/sources/999999/configuration_cards', { method: 'POST', body: { expiresAt: inFuture(60_000) } }), 404, 'Not Found');
  });
});

describe('unknown paths', () => {
  it('answer 404 Not Found as JSON under /v2', async () => {
    expectError(await api('/v2/nothing-here'), 404, 'Not Found');
  });
});
