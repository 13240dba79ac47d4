import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { cardForRecipientSchema, configurationCardSchema } from '@/api/cards';
import { sourceSchema } from '@/api/sources';
import { BAD_REQUEST, expectError, expectStatus, expectWrapped, inFuture } from './fixtures';
import { startHarness } from './harness';

// Configuration cards: unguessable hash ids, links to the dashboard's recipient page, and the
// recipient endpoints (GET, PATCH /v2/cards/{hash_id}) with expiry enforced.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;

async function createSource(properties: Record<string, string | number> = { host: 'db.internal' }) {
  const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', displayName: 'Partner database', properties } });
  return dataOf(sourceSchema).parse(expectStatus(answer, 201).body);
}

async function createCard(sourceId: number, body: Record<string, unknown> = {}) {
  const answer = await api(`/v2/sources/${String(sourceId)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000), ...body } });
  return dataOf(configurationCardSchema).parse(expectStatus(answer, 201).body);
}

const asRecipient = (hashId: string, method = 'GET', body?: unknown) => api(`/v2/cards/${hashId}`, { method, body, key: hashId });

describe('a configuration card', () => {
  it('has a hash_id of at least 128 random bits, unique across cards', async () => {
    const source = await createSource();
    const cards = await Promise.all(Array.from({ length: 40 }, () => createCard(source.id)));
    const hashes = cards.map((card) => card.hashId);
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const hash of hashes) {
      expect(hash).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(hash, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    // No two hashes share a long prefix, as sequential or time-based ids would.
    const prefixes = new Set(hashes.map((hash) => hash.slice(0, 6)));
    expect(prefixes.size).toBe(hashes.length);
  });

  it('links to the dashboard’s recipient page /cards/{hash_id} on the service’s address', async () => {
    const card = await createCard((await createSource()).id);
    expect(card.url).toBe(`${service.url}/cards/${card.hashId}`);
  });

  it('is listed newest first under its source (addition)', async () => {
    const source = await createSource();
    const first = await createCard(source.id);
    const second = await createCard(source.id);
    const listed = dataOf(listOf(configurationCardSchema)).parse({ data: expectWrapped(await api(`/v2/sources/${String(source.id)}/configuration_cards`)) });
    expect(listed.map((card) => card.id)).toEqual([second.id, first.id]);
  });
});

describe('GET /v2/cards/{hash_id}', () => {
  it('shows the recipient the card and the spec’s full form, without any property value', async () => {
    const source = await createSource({ host: 'db.internal', password: 'owner-secret' });
    const card = await createCard(source.id, { instruction: 'Please add the read-only user.', imageUrl: 'https://example.com/logo.png' });
    const raw = expectWrapped(await asRecipient(card.hashId)) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(
      [
        'expires_at',
        'hash_id',
        'image_url',
        'instruction',
        'sourceSpec',
        'source_name',
        // Flowdeck's additions: who asks, what is on file (names only), the upload offered, where they go back to.
        'logoUrl',
        'organizationName',
        'propertiesSet',
        'redirectUrl',
        'senderName',
        'upload',
      ].sort(),
    );
    const read = cardForRecipientSchema.parse(raw);
    expect(read).toMatchObject({
      hashId: card.hashId,
      sourceName: 'Partner database',
      instruction: 'Please add the read-only user.',
      imageUrl: 'https://example.com/logo.png',
    });
    expect(read.sourceSpec.propertyDefinitions.map((definition) => definition.name)).toContain('password');
    const text = JSON.stringify(raw);
    expect(text).not.toContain('db.internal');
    expect(text).not.toContain('owner-secret');
  });

  it('answers 404 Not Found for an unknown hash', async () => {
    expectError(await asRecipient('no-such-card-hash-000000000000'), 404, 'Not Found');
  });

  it('answers 410 once the card has expired, for GET and PATCH', async () => {
    const card = await createCard((await createSource()).id);
    await sql("UPDATE configuration_cards SET expires_at = now() - interval '1 second' WHERE hash_id = $1", [card.hashId]);
    const expired = await asRecipient(card.hashId);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ message: expect.stringMatching(/expired/) as unknown });
    const patched = await asRecipient(card.hashId, 'PATCH', { properties: { port: 5432 } });
    expect(patched.status).toBe(410);
  });
});

describe('PATCH /v2/cards/{hash_id}', () => {
  it('answers 400 naming every required property still missing, and changes nothing', async () => {
    const source = await createSource({ host: 'db.internal' });
    const card = await createCard(source.id);
    const answer = await asRecipient(card.hashId, 'PATCH', { properties: { port: 5432 } });
    expectError(answer, 400, BAD_REQUEST);
    const message = (answer.body as { message: string }).message;
    for (const name of ['database', 'user', 'password']) expect(message).toContain(name);
    expect(message).not.toContain('port');
    const stored = dataOf(sourceSchema).parse((await api(`/v2/sources/${String(source.id)}`)).body);
    expect(stored.properties).toEqual({ host: 'db.internal' });
  });

  it('saves the recipient’s values into the source, the password encrypted, and answers { message }', async () => {
    const source = await createSource({ host: 'db.internal' });
    const card = await createCard(source.id);
    const answer = expectStatus(
      await asRecipient(card.hashId, 'PATCH', { properties: { port: 5432, database: 'shop', user: 'reader', password: 'recipient-secret' } }),
      200,
    );
    expect(Object.keys(answer.body as object)).toEqual(['message']);
    const stored = expectWrapped(await api(`/v2/sources/${String(source.id)}`)) as { properties: Record<string, unknown> };
    expect(stored.properties).toEqual({ host: 'db.internal', port: 5432, database: 'shop', user: 'reader', password: '********' });
    const [row] = await sql<{ row: string }>('SELECT properties::text AS row FROM sources WHERE id = $1', [source.id]);
    expect(row?.row).not.toContain('recipient-secret');
  });

  it('answers 400 for unknown properties, masks and bodies without properties; 404 for an unknown hash', async () => {
    const card = await createCard((await createSource()).id);
    for (const body of [{ properties: { colour: 'red' } }, { properties: { password: '********' } }, {}, { properties: {}, extra: 1 }]) {
      expectError(await asRecipient(card.hashId, 'PATCH', body), 400, BAD_REQUEST);
    }
    expectError(await asRecipient('no-such-card-hash-000000000000', 'PATCH', { properties: {} }), 404, 'Not Found');
  });
});
