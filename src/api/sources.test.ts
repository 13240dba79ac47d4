import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';
import { MASKED_SECRET, isMaskedSecret } from './common';
import { createConfigurationCard, getCardForRecipient } from './cards';
import { createSource, deleteSource, getSource, listSources, updateSource } from './sources';

beforeEach(() => {
  signIn();
});

const postgresProperties = { host: 'db.example.com', port: 5432, database: 'shop', user: 'reader', password: 'hunter2', ssl: true };

describe('createSource', () => {
  it('reads the list-form properties of the create response as a map, the password masked', async () => {
    const source = await createSource({ sourceSpec: 'postgres', displayName: 'Shop DB', properties: postgresProperties });
    expect(source).toMatchObject({ displayName: 'Shop DB', sourceSpec: { name: 'postgres', displayName: 'PostgreSQL', lifecycle: 'STABLE' } });
    expect(source.properties).toEqual({ ...postgresProperties, schema: null, password: MASKED_SECRET });
    expect(isMaskedSecret(source.properties.password)).toBe(true);
    expect(source.sourceSpec.propertyDefinitions.map((definition) => definition.type)).toEqual([
      'STRING',
      'NUMBER',
      'STRING',
      'STRING',
      'PASSWORD',
      'STRING',
      'BOOLEAN',
    ]);
    expect(source.createdAt).not.toBeNull();
  });

  it('sends the body the writer schema allows and answers 201 with the list form on the wire', async () => {
    const answer = await rawCall('POST', '/v2/sources', { body: { sourceSpec: 'sample', properties: { row_count: 10 } } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      data: { properties: expect.arrayContaining([{ name: 'row_count', displayName: 'Rows per run', type: 'NUMBER', required: true, value: 10 }]) as unknown },
    });
  });

  it('never sends a masked secret (rejected before the request)', async () => {
    const error = await apiError(createSource({ sourceSpec: 'postgres', properties: { password: '********' } }));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toMatch(/masked secret/);
    expect(mockService.calls).toHaveLength(0);
  });

  it('answers 400 for an unknown spec or a value of the wrong type, 401 without a key, 403 for the plan', async () => {
    expect(await apiError(createSource({ sourceSpec: 'oracle' }))).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(await apiError(createSource({ sourceSpec: 'postgres', properties: { port: 'five' } }))).toMatchObject({
      kind: 'bad_request',
      message: 'Bad Request: Property port must be a number.',
    });
    mockService.failNext('createSource', { status: 403, message: 'Your current plan does not support more sources.' });
    expect(await apiError(createSource({ sourceSpec: 'sample' }))).toMatchObject({
      kind: 'forbidden',
      message: 'Your current plan does not support more sources.',
    });
    signIn('revoked-key');
    expect(await apiError(createSource({ sourceSpec: 'sample' }))).toMatchObject({ kind: 'unauthorized', message: 'Unauthorized' });
  });
});

describe('updateSource', () => {
  it('reads the nested spec with lowercase property types as uppercase', async () => {
    const wire = await rawCall('PATCH', '/v2/sources/1', { body: { displayName: 'Orders (primary)' } });
    expect(JSON.stringify(wire.body)).toContain('"type":"password"');
    const source = await updateSource(1, { displayName: 'Orders (primary)' });
    expect(source.displayName).toBe('Orders (primary)');
    expect(source.sourceSpec.instructions).toMatch(/PostgreSQL/);
    expect(source.sourceSpec.propertyDefinitions.find((definition) => definition.name === 'password')?.type).toBe('PASSWORD');
    expect(source.properties.password).toBe(MASKED_SECRET);
  });

  it('keeps a secret when it is left out and replaces it when a new value is sent', async () => {
    const kept = await updateSource(1, { properties: { schema: 'analytics' } });
    expect(kept.properties).toMatchObject({ schema: 'analytics', password: MASKED_SECRET });
    await updateSource(1, { properties: { password: 'new-secret' } });
    expect(mockService.db.source(1)?.properties.password).toBe('new-secret');
  });

  it('clears the stored secret when an address moves without it, as the service does', async () => {
    const moved = await updateSource(1, { properties: { host: 'db2.prod.internal' } });
    expect(moved.properties.host).toBe('db2.prod.internal');
    expect(moved.properties).not.toHaveProperty('password');
  });

  it('keeps the stored secret when a client sends the mask back, clears it on null', async () => {
    const echoed = await rawCall('PATCH', '/v2/sources/1', { body: { properties: { password: '********' } } });
    expect(echoed.status).toBe(200);
    expect(mockService.db.source(1)?.properties.password).toBe('s3cret-orders');
    const cleared = await updateSource(1, { properties: { password: null } });
    expect(cleared.properties.password).toBeUndefined();
    expect(mockService.db.source(1)?.properties.password).toBeUndefined();
  });

  it('rejects a masked secret before sending', async () => {
    const error = await apiError(updateSource(1, { properties: { password: '***' } }));
    expect(error).toMatchObject({ kind: 'bad_request', status: undefined });
    expect(error.issues[0]).toMatch(/^properties\.password:/);
  });

  it('answers 404 for an unknown source and 400 for an unknown property', async () => {
    expect(await apiError(updateSource(999, { displayName: 'x' }))).toMatchObject({ kind: 'not_found', status: 404, message: 'Not Found' });
    expect(await apiError(updateSource(SEED.incompleteSourceId, { properties: { colour: 'red' } }))).toMatchObject({
      kind: 'bad_request',
      message: 'Bad Request: Unknown properties: colour',
    });
  });

  it('reads an unknown property type and spec lifecycle as they come', async () => {
    mockService.failNext('updateSource', {
      body: {
        data: {
          id: 1,
          sourceSpec: { name: 'future', lifecycle: 'sunset', propertyDefinitions: [{ name: 'shade', type: 'color', required: false }] },
          properties: { shade: '#ff0000' },
        },
      },
    });
    const source = await updateSource(1, { displayName: 'x' });
    expect(source.sourceSpec.lifecycle).toBe('SUNSET');
    expect(source.sourceSpec.propertyDefinitions[0]?.type).toBe('COLOR');
    expect(source.properties.shade).toBe('#ff0000');
  });
});

describe('listSources', () => {
  it('lists every source with its spec in summary form and secrets masked', async () => {
    const sources = await listSources();
    expect(sources.map((source) => source.id)).toEqual(mockService.db.state.sources.map((source) => source.id));
    expect(sources[0]).toMatchObject({
      id: 1,
      displayName: 'Production orders DB',
      sourceSpec: { name: 'postgres', displayName: 'PostgreSQL', propertyDefinitions: [] },
    });
    expect(sources[0]?.properties.password).toBe(MASKED_SECRET);
  });

  it('pages with limit and offset, and refuses a bad page before sending', async () => {
    expect((await listSources({ limit: 2, offset: 1 })).map((source) => source.id)).toEqual([2, 3]);
    expect(mockService.calls.at(-1)?.url).toMatch(/\/v2\/sources\?limit=2&offset=1$/);
    expect(await apiError(listSources({ limit: 0 }))).toMatchObject({ kind: 'bad_request', status: undefined });
  });

  it('reads a 405 from a service without the list as not found', async () => {
    mockService.failNext('listSources', { status: 405, message: 'Method Not Allowed' });
    expect(await apiError(listSources())).toMatchObject({ kind: 'not_found', status: 405 });
  });
});

describe('getSource', () => {
  it('reads one source with its full spec', async () => {
    const source = await getSource(3);
    expect(source).toMatchObject({ id: 3, displayName: 'Billing API', sourceSpec: { name: 'rest_api', lifecycle: 'BETA', authenticationStrategy: 'TOKEN' } });
    expect(source.sourceSpec.propertyDefinitions.find((definition) => definition.name === 'token')?.type).toBe('PASSWORD');
    expect(source.properties.token).toBe(MASKED_SECRET);
  });

  it('answers 404 for an unknown source', async () => {
    expect(await apiError(getSource(999))).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

describe('deleteSource', () => {
  it('is refused while flows use it, naming them', async () => {
    expect(await apiError(deleteSource(3))).toMatchObject({
      kind: 'bad_request',
      message:
        'Source 3 is used by 3 flows: “Billing to warehouse” (flow 4), “Billing to data lake” (flow 5), “Billing to reporting” (flow 11). Delete those flows or point them at another source first.',
    });
    expect(await getSource(3)).toMatchObject({ id: 3 });
  });

  it('deletes an unused source; its configuration card links then answer 404', async () => {
    const source = await createSource({ sourceSpec: 'sample', displayName: 'Scratch', properties: { row_count: 5 } });
    const card = await createConfigurationCard(source.id, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await deleteSource(source.id)).toBe(true);
    expect(await apiError(getSource(source.id))).toMatchObject({ kind: 'not_found' });
    signIn(card.hashId);
    expect(await apiError(getCardForRecipient(card.hashId))).toMatchObject({ kind: 'not_found' });
  });
});
