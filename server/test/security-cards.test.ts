import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { configurationCardSchema } from '@/api/cards';
import { dataOf, listOf } from '@/api/common';
import { sourceSchema } from '@/api/sources';
import { expectError, expectStatus, inFuture } from './fixtures';
import { eventually, startHarness } from './harness';

// Card links as an attacker holding one would try them: a link works once (even under racing
// submissions), its sender can revoke it, and its `url` never follows a request header.

const service = await startHarness();
const configured = await startHarness({ publicUrl: 'https://flowdeck.example.com/' });
afterAll(async () => {
  await service.stop();
  await configured.stop();
});
const { api, sql } = service;

const USED = 'This link has already been used.';
const REVOKED = 'This link has been revoked.';
const EXPIRED = 'This configuration link has expired.';
const COMPLETE = { port: 5432, database: 'shop', user: 'reader', password: 'recipient-secret' };
const DOCUMENTED_FIELDS = ['expires_at', 'hash_id', 'id', 'image_url', 'instruction', 'source_name', 'type', 'url'];
const FLOWDECK_FIELDS = ['revoked_at', 'state', 'submitted_at', 'stateChangedAt', 'senderName', 'redirectUrl', 'sourceId'];

async function createSource(properties: Record<string, string | number> = { host: 'db.internal' }) {
  const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', displayName: 'Partner database', properties } });
  return dataOf(sourceSchema).parse(expectStatus(answer, 201).body);
}

async function createCard(sourceId: number) {
  const answer = await api(`/v2/sources/${String(sourceId)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
  return dataOf(configurationCardSchema).parse(expectStatus(answer, 201).body);
}

const asRecipient = (hashId: string, method = 'GET', body?: unknown) => api(`/v2/cards/${hashId}`, { method, body, key: hashId });
const revoke = (sourceId: number, cardId: number, key?: string | null) =>
  api(`/v2/sources/${String(sourceId)}/configuration_cards/${String(cardId)}`, { method: 'DELETE', key });

async function listedCards(sourceId: number) {
  const answer = expectStatus(await api(`/v2/sources/${String(sourceId)}/configuration_cards`), 200);
  return (answer.body as { data: Record<string, unknown>[] }).data;
}

async function storedProperties(sourceId: number) {
  return dataOf(sourceSchema).parse((await api(`/v2/sources/${String(sourceId)}`)).body).properties;
}

describe('a card link is used once', () => {
  it('answers 410 "already used" to GET and PATCH after a successful submission, and keeps the first values', async () => {
    const source = await createSource();
    const card = await createCard(source.id);
    expectStatus(await asRecipient(card.hashId, 'PATCH', { properties: COMPLETE }), 200);
    expectError(await asRecipient(card.hashId), 410, USED);
    expectError(await asRecipient(card.hashId, 'PATCH', { properties: { ...COMPLETE, user: 'attacker', password: 'other' } }), 410, USED);
    expect(await storedProperties(source.id)).toMatchObject({ user: 'reader', password: expect.anything() as unknown });
  });

  it('lets exactly one of ten racing submissions through; the others answer 410 and change nothing', async () => {
    const source = await createSource();
    const card = await createCard(source.id);
    // Hold the card's row so that every submission gets past its checks and waits at the same point:
    // a race whatever the timing of the requests.
    const holder = new pg.Client({ connectionString: service.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM configuration_cards WHERE id = $1 FOR UPDATE', [card.id]);
      const racing = Promise.all(
        Array.from({ length: 10 }, (_, index) => asRecipient(card.hashId, 'PATCH', { properties: { ...COMPLETE, user: `user-${String(index)}` } })),
      );
      await eventually(
        async () => {
          const [waiting] = await sql<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          return waiting?.n === 10 ? true : undefined;
        },
        20_000,
        'ten submissions waiting on the card',
      );
      await holder.query('COMMIT');
      const answers = await racing;
      const winners = answers.flatMap((answer, index) => (answer.status === 200 ? [index] : []));
      expect(winners).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) expectError(answer, 410, USED);
      expect((await storedProperties(source.id)).user).toBe(`user-${String(winners[0])}`);
    } finally {
      await holder.end();
    }
  });

  it('stays open after a refused submission (400): only a successful one uses it', async () => {
    const source = await createSource();
    const card = await createCard(source.id);
    expect((await asRecipient(card.hashId, 'PATCH', { properties: { port: 5432 } })).status).toBe(400);
    expectStatus(await asRecipient(card.hashId), 200);
    expectStatus(await asRecipient(card.hashId, 'PATCH', { properties: COMPLETE }), 200);
  });

  it('still says "expired" for an expired link', async () => {
    const card = await createCard((await createSource()).id);
    await sql("UPDATE configuration_cards SET expires_at = now() - interval '1 second' WHERE id = $1", [card.id]);
    expectError(await asRecipient(card.hashId), 410, EXPIRED);
    expectError(await asRecipient(card.hashId, 'PATCH', { properties: COMPLETE }), 410, EXPIRED);
  });
});

describe('DELETE /v2/sources/{id}/configuration_cards/{cardId} (revoke)', () => {
  it('answers { data: true }; the link then answers 410 "revoked" and the source is not changed through it', async () => {
    const source = await createSource();
    const card = await createCard(source.id);
    expect(expectStatus(await revoke(source.id, card.id), 200).body).toEqual({ data: true });
    expectError(await asRecipient(card.hashId), 410, REVOKED);
    expectError(await asRecipient(card.hashId, 'PATCH', { properties: COMPLETE }), 410, REVOKED);
    expect(await storedProperties(source.id)).toEqual({ host: 'db.internal' });
    // Revoking again changes nothing and answers the same.
    const [before] = await sql<{ revoked_at: Date }>('SELECT revoked_at FROM configuration_cards WHERE id = $1', [card.id]);
    expect(expectStatus(await revoke(source.id, card.id), 200).body).toEqual({ data: true });
    const [after] = await sql<{ revoked_at: Date }>('SELECT revoked_at FROM configuration_cards WHERE id = $1', [card.id]);
    expect(after?.revoked_at).toEqual(before?.revoked_at);
  });

  it('answers 404 for a card of another source, an unknown card or source; 401 without a key or with the card’s hash', async () => {
    const mine = await createSource();
    const other = await createSource();
    const card = await createCard(mine.id);
    expectError(await revoke(other.id, card.id), 404, 'Not Found');
    expectError(await revoke(mine.id, 999_999), 404, 'Not Found');
    expectError(await revoke(999_999, card.id), 404, 'Not Found');
    expectError(await revoke(mine.id, card.id, null), 401, 'Unauthorized');
    expectError(await revoke(mine.id, card.id, card.hashId), 401, 'Unauthorized');
    expectStatus(await asRecipient(card.hashId), 200);
  });

  it('leaves a used link "submitted"', async () => {
    const source = await createSource();
    const card = await createCard(source.id);
    expectStatus(await asRecipient(card.hashId, 'PATCH', { properties: COMPLETE }), 200);
    expectStatus(await revoke(source.id, card.id), 200);
    expectError(await asRecipient(card.hashId), 410, USED);
    expect((await listedCards(source.id))[0]).toMatchObject({ state: 'submitted', revoked_at: null });
  });
});

describe("the sender's list of cards", () => {
  it('gives each card its state beside the documented fields: open, submitted with the time, expired, revoked with the time', async () => {
    const source = await createSource();
    const open = await createCard(source.id);
    const submitted = await createCard(source.id);
    const expired = await createCard(source.id);
    const revoked = await createCard(source.id);
    const before = Date.now();
    expectStatus(await asRecipient(submitted.hashId, 'PATCH', { properties: COMPLETE }), 200);
    await sql("UPDATE configuration_cards SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    expectStatus(await revoke(source.id, revoked.id), 200);

    const listed = await listedCards(source.id);
    const byId = new Map(listed.map((card) => [card.id, card]));
    expect(byId.get(open.id)).toMatchObject({ state: 'open', submitted_at: null, revoked_at: null });
    expect(byId.get(submitted.id)).toMatchObject({ state: 'submitted', revoked_at: null });
    expect(byId.get(expired.id)).toMatchObject({ state: 'expired', submitted_at: null, revoked_at: null });
    expect(byId.get(revoked.id)).toMatchObject({ state: 'revoked', submitted_at: null });
    for (const [id, field] of [
      [submitted.id, 'submitted_at'],
      [revoked.id, 'revoked_at'],
    ] as const) {
      const at = Date.parse(String(byId.get(id)?.[field]));
      expect(at).toBeGreaterThanOrEqual(before - 5_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    }
    // The interface's fields keep their shapes; the additions come beside them.
    for (const card of listed) {
      expect(Object.keys(card).sort()).toEqual([...DOCUMENTED_FIELDS, ...FLOWDECK_FIELDS].sort());
      expect(card).toMatchObject({ type: 'SOURCE', source_name: 'Partner database', url: `${service.url}/cards/${String(card.hash_id)}` });
    }
    expect(
      dataOf(listOf(configurationCardSchema))
        .parse({ data: listed })
        .map((card) => card.state),
    ).toEqual(['revoked', 'expired', 'submitted', 'open']);
  });
});

/** A raw request, so that Host and the forwarding headers are exactly what an attacker sends. */
function rawPost(baseUrl: string, path: string, key: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: unknown }> {
  const target = new URL(path, baseUrl);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(received) as unknown });
        });
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

describe('card urls', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' };

  it.each([
    ['the listening address', service, service.url],
    ['FLOWDECK_PUBLIC_URL', configured, 'https://flowdeck.example.com'],
  ] as const)('use %s whatever Host or forwarding headers say', async (_label, harness, origin) => {
    const source = dataOf(sourceSchema).parse(
      expectStatus(await harness.api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', displayName: 'Partner database', properties: {} } }), 201)
        .body,
    );
    const created = await rawPost(harness.url, `/v2/sources/${String(source.id)}/configuration_cards`, harness.keys.team, forged, {
      expiresAt: inFuture(3_600_000),
    });
    expect(created.status).toBe(201);
    const card = dataOf(configurationCardSchema).parse(created.body);
    expect(card.url).toBe(`${origin}/cards/${card.hashId}`);
    expect(JSON.stringify(created.body)).not.toContain('evil.example');
    const listed = await harness.api(`/v2/sources/${String(source.id)}/configuration_cards`, { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(dataOf(listOf(configurationCardSchema)).parse(listed.body)[0]?.url).toBe(`${origin}/cards/${card.hashId}`);
  });
});
