import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { cardForRecipientSchema, configurationCardSchema } from '@/api/cards';
import { dataOf, listOf } from '@/api/common';
import { verificationMessageSchema } from '@/api/destinations';
import { settingsSchema } from '@/api/settings';
import { CARD_VERIFY_PER_MINUTE } from '@/service-rules/card-links';
import { createSource, localHttpServer } from './connector-fixtures';
import { expectError, expectStatus, expectWrapped, inFuture } from './fixtures';
import { eventually, startHarness } from './harness';

// Issue 32 over HTTP on the real service: the public address and who asks (Settings), a form that refuses
// what is missing, Test connection under the card's authority only (guarded, throttled), nothing of the
// server in what the recipient reads, states said once, the sender told (card_submitted), the redirect back.

const logLines: string[] = [];
const service = await startHarness({
  logDestination: {
    write: (line: string) => {
      logLines.push(line);
    },
  },
  logLevel: 'debug',
});
const { api } = service;

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    hits.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}`;

// A REST API that takes one token: the recipient's typo and its fix.
const partnerApi = await localHttpServer((request, response) => {
  const authorized = request.headers.authorization === 'Bearer right-token';
  response.writeHead(authorized ? 200 : 401, { 'content-type': 'application/json' });
  response.end(authorized ? JSON.stringify({ items: [{ id: 1 }] }) : '{"error":"bad token"}');
});

afterAll(async () => {
  await partnerApi.close();
  await new Promise((resolve) => receiver.close(resolve));
  await service.stop();
});

const readSettings = (body: unknown) => dataOf(settingsSchema).parse(body);
const patchSettings = (body: unknown) => api('/v2/settings', { method: 'PATCH', body });

async function createCard(sourceId: number, body: Record<string, unknown> = {}) {
  const answer = await api(`/v2/sources/${String(sourceId)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000), ...body } });
  return dataOf(configurationCardSchema).parse(expectStatus(answer, 201).body);
}

const asRecipient = (hashId: string, path = '', method = 'GET', body?: unknown) => api(`/v2/cards/${hashId}${path}`, { method, body, key: hashId });
const recipientView = async (hashId: string) => cardForRecipientSchema.parse(expectWrapped(await asRecipient(hashId)));
const verifyAs = async (hashId: string, properties: Record<string, unknown>) =>
  listOf(verificationMessageSchema).parse(expectWrapped(await asRecipient(hashId, '/verify', 'POST', { properties })));

const restSource = () => createSource(api, 'rest_api', { base_url: partnerApi.url, endpoints: '/items' });

describe('the public address (item 1)', () => {
  it('says the links are on loopback while nothing else is set, and builds card and webhook links on the address set in Settings', async () => {
    const before = readSettings(expectStatus(await api('/v2/settings'), 200).body);
    expect(before).toMatchObject({ publicUrl: null, environmentPublicUrl: null, linkOriginLocal: true, linkOrigin: service.url });

    const after = readSettings(expectStatus(await patchSettings({ publicUrl: 'https://flowdeck.example.com/' }), 200).body);
    expect(after).toMatchObject({ publicUrl: 'https://flowdeck.example.com', linkOrigin: 'https://flowdeck.example.com', linkOriginLocal: false });
    const card = await createCard((await restSource()).id);
    expect(card.url).toBe(`https://flowdeck.example.com/cards/${card.hashId}`);

    await patchSettings({ publicUrl: null });
    expect(readSettings((await api('/v2/settings')).body).linkOriginLocal).toBe(true);
  });

  it('refuses an address with a path, a user, a query or another scheme, with a 400 naming publicUrl', async () => {
    for (const publicUrl of ['https://x.example.com/path', 'https://user:pw@x.example.com', 'ftp://x.example.com', 'javascript:alert(1)', 'not a url']) {
      const answer = await patchSettings({ publicUrl });
      expect(answer.status, publicUrl).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/publicUrl/);
    }
    expectError(await patchSettings({ unknown: 1 }), 400, /unknown|Unrecognized/i);
  });

  it('lets FLOWDECK_PUBLIC_URL win over the stored address', async () => {
    const pinned = await startHarness({ publicUrl: 'https://env.example.com' });
    try {
      expectStatus(await pinned.api('/v2/settings', { method: 'PATCH', body: { publicUrl: 'https://stored.example.com' } }), 200);
      const settings = readSettings((await pinned.api('/v2/settings')).body);
      expect(settings).toMatchObject({
        environmentPublicUrl: 'https://env.example.com',
        publicUrl: 'https://stored.example.com',
        linkOrigin: 'https://env.example.com',
      });
    } finally {
      await pinned.stop();
    }
  });
});

describe('who asks, and why (item 2)', () => {
  it("shows the recipient the sender's name, the team's name and logo, the source's kind and the instruction", async () => {
    await patchSettings({ organizationName: 'Acme Data Team' });
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d8ab0000000049454e44ae426082',
      'hex',
    );
    const uploaded = await fetch(`${service.url}/v2/settings/logo`, { method: 'POST', headers: { authorization: `Bearer ${service.keys.team}` }, body: png });
    expect(uploaded.status).toBe(200);
    const card = await createCard((await restSource()).id, { senderName: 'Dana from Acme', instruction: 'Use the read-only token.' });
    expect(card).toMatchObject({ senderName: 'Dana from Acme', state: 'open' });
    const view = await recipientView(card.hashId);
    expect(view).toMatchObject({ senderName: 'Dana from Acme', organizationName: 'Acme Data Team', instruction: 'Use the read-only token.' });
    expect(view.sourceSpec.name).toBe('rest_api');
    // The logo is served by the service to anyone with the page: no key.
    const logo = await fetch(`${service.url}${view.logoUrl ?? 'missing'}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a logo that is not a PNG, a JPEG or a script-free SVG', async () => {
    const send = (body: string) =>
      fetch(`${service.url}/v2/settings/logo`, { method: 'POST', headers: { authorization: `Bearer ${service.keys.team}` }, body });
    for (const body of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
      'GIF89a....',
      '<html><body>hi</body></html>',
    ]) {
      expect((await send(body)).status, body).toBe(400);
    }
    expect((await send('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>')).status).toBe(200);
  });

  it('needs a key to change the settings; a card hash is not one', async () => {
    const card = await createCard((await restSource()).id);
    expect((await api('/v2/settings', { method: 'PATCH', body: { organizationName: 'x' }, key: null })).status).toBe(401);
    expect((await api('/v2/settings', { method: 'PATCH', body: { organizationName: 'x' }, key: card.hashId })).status).toBe(401);
  });
});

describe('a form that matches the spec (item 3)', () => {
  it('refuses an empty submit and a password-only one, naming the missing field; the card stays open', async () => {
    const source = await createSource(api, 'postgres', {});
    const card = await createCard(source.id);
    expectError(await asRecipient(card.hashId, '', 'PATCH', { properties: {} }), 400, /nothing/i);
    const partial = await asRecipient(card.hashId, '', 'PATCH', { properties: { password: 'p' } });
    expect(partial.status).toBe(400);
    expect(JSON.stringify(partial.body)).toMatch(/host/);
    expect((await asRecipient(card.hashId)).status).toBe(200);
  });
});

describe('Test connection before sending (item 4)', () => {
  it('runs the source’s verify with what was typed: a wrong token fails in the checklist, the right one passes; nothing is saved', async () => {
    const source = await restSource();
    const card = await createCard(source.id);
    const wrong = await verifyAs(card.hashId, { token: 'wrong-token' });
    expect(wrong.some((message) => message.isError)).toBe(true);
    const right = await verifyAs(card.hashId, { token: 'right-token' });
    expect(right.filter((message) => message.isError)).toEqual([]);
    // A test saves nothing and leaves the card open.
    const [row] = await service.sql<{ properties: Record<string, unknown> }>('SELECT properties FROM sources WHERE id = $1', [source.id]);
    expect(row?.properties.token).toBeUndefined();
    expect((await recipientView(card.hashId)).hashId).toBe(card.hashId);
    // Never the typed secret back.
    expect(JSON.stringify([wrong, right])).not.toContain('right-token');
  });

  it(`runs at most ${String(CARD_VERIFY_PER_MINUTE)} times a minute per card, then 429 with Retry-After; another card is not slowed`, async () => {
    const source = await restSource();
    const card = await createCard(source.id);
    for (let index = 0; index < CARD_VERIFY_PER_MINUTE; index += 1)
      expect((await asRecipient(card.hashId, '/verify', 'POST', { properties: { token: 'x' } })).status).toBe(200);
    const refused = await asRecipient(card.hashId, '/verify', 'POST', { properties: { token: 'x' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createCard(source.id);
    expect((await asRecipient(other.hashId, '/verify', 'POST', { properties: { token: 'x' } })).status).toBe(200);
  });

  it("cannot test another card's source: the hash in the path must be the bearer", async () => {
    const mine = await createCard((await restSource()).id);
    const theirs = await createCard((await restSource()).id);
    const answer = await api(`/v2/cards/${theirs.hashId}/verify`, { method: 'POST', body: { properties: { token: 'x' } }, key: mine.hashId });
    expect(answer.status).toBe(401);
    expect((await api(`/v2/cards/${theirs.hashId}/verify`, { method: 'POST', body: { properties: { token: 'x' } }, key: null })).status).toBe(401);
  });

  it('refuses hostile bodies with a 400: unknown fields, unknown properties, wrong types', async () => {
    const card = await createCard((await restSource()).id);
    for (const body of [
      { properties: { token: 'x' }, extra: 1 },
      { properties: { no_such: 'x' } },
      { properties: { token: { nested: true } } },
      { properties: 'x' },
      [],
    ]) {
      expect((await asRecipient(card.hashId, '/verify', 'POST', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('a card verify on a service that listens beyond loopback', () => {
  it('cannot reach what the source could not: loopback, the metadata address, its own database; and names none of the settings', async () => {
    const open = await startHarness({ host: '0.0.0.0', connectorAllow: [] });
    try {
      const databasePort = new URL(open.databaseUrl).port;
      for (const [spec, properties] of [
        ['rest_api', { base_url: 'http://127.0.0.1:9/', endpoints: '/x', token: 't' }],
        ['rest_api', { base_url: 'http://169.254.169.254/latest/', endpoints: '/meta-data', token: 't' }],
        ['postgres', { host: '127.0.0.1', port: Number(databasePort), database: 'postgres', user: 'postgres', password: 'x' }],
      ] as const) {
        const source = await createSource(open.api, spec, {});
        const card = dataOf(configurationCardSchema).parse(
          expectStatus(await open.api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(60_000) } }), 201)
            .body,
        );
        const answer = await open.api(`/v2/cards/${card.hashId}/verify`, { method: 'POST', body: { properties }, key: card.hashId });
        const messages = listOf(verificationMessageSchema).parse(expectWrapped(answer));
        expect(
          messages.some((message) => message.isError),
          spec,
        ).toBe(true);
        expect(JSON.stringify(messages)).not.toMatch(/FLOWDECK_|CONNECTOR_ALLOW|folder/);
        // And the submission is refused the same way.
        expect((await open.api(`/v2/cards/${card.hashId}`, { method: 'PATCH', body: { properties }, key: card.hashId })).status).toBe(400);
      }
    } finally {
      await open.stop();
    }
  });
});

describe('nothing of the server leaks (item 5)', () => {
  it('a csv card names no server folder and takes an upload or an http(s) address, never a path', async () => {
    const source = await createSource(api, 'csv', {});
    const card = await createCard(source.id);
    const raw = JSON.stringify(expectWrapped(await asRecipient(card.hashId)));
    expect(raw).not.toMatch(/FLOWDECK_|files folder|allowed folder|\/tmp\//);
    const view = cardForRecipientSchema.parse(JSON.parse(raw));
    expect(view.upload).toMatchObject({ property: 'location' });

    expectError(await asRecipient(card.hashId, '', 'PATCH', { properties: { location: '/etc/passwd' } }), 400, /upload the file|http/);
    expectError(await asRecipient(card.hashId, '', 'PATCH', { properties: { location: 'orders.csv' } }), 400, /upload the file|http/);

    const uploaded = await fetch(`${service.url}/v2/cards/${card.hashId}/uploads?filename=orders.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${card.hashId}` },
      body: 'id,name\n1,Ada\n',
    });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { data: { location: string; name: string } };
    expect(upload.data.location).toMatch(/^upload:/);
    expect(JSON.stringify(upload)).not.toContain(service.filesDir);
    const checked = await verifyAs(card.hashId, { location: upload.data.location });
    expect(JSON.stringify(checked)).not.toContain(service.filesDir);
    expect(checked.filter((message) => message.isError)).toEqual([]);
    expectStatus(await asRecipient(card.hashId, '', 'PATCH', { properties: { location: upload.data.location } }), 200);
  });

  it("another card's upload reference is refused", async () => {
    const first = await createCard((await createSource(api, 'csv', {})).id);
    const second = await createCard((await createSource(api, 'csv', {})).id);
    const uploaded = await fetch(`${service.url}/v2/cards/${first.hashId}/uploads?filename=a.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.hashId}` },
      body: 'a\n1\n',
    });
    const { data } = (await uploaded.json()) as { data: { location: string } };
    expectError(await asRecipient(second.hashId, '', 'PATCH', { properties: { location: data.location } }), 400, /not uploaded through this link/);
  });
});

describe('states said once (item 6) and the list of every card', () => {
  it('a revoked link answers 410 revoked; GET /v2/cards lists every card with its state and when it changed, filterable', async () => {
    const source = await restSource();
    const open = await createCard(source.id);
    const revoked = await createCard(source.id);
    expectStatus(await api(`/v2/sources/${String(source.id)}/configuration_cards/${String(revoked.id)}`, { method: 'DELETE' }), 200);
    expectError(await asRecipient(revoked.hashId), 410, /revoked/);

    const all = dataOf(listOf(configurationCardSchema)).parse(expectStatus(await api('/v2/cards?limit=200'), 200).body);
    const mine = all.filter((card) => card.sourceId === source.id);
    expect(mine.map((card) => [card.id, card.state])).toEqual([
      [revoked.id, 'revoked'],
      [open.id, 'open'],
    ]);
    expect(Date.parse(mine[0]?.stateChangedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(mine[1]?.stateChangedAt ?? ''));
    const onlyRevoked = dataOf(listOf(configurationCardSchema)).parse((await api('/v2/cards?state=revoked&limit=200')).body);
    expect(onlyRevoked.every((card) => card.state === 'revoked')).toBe(true);
    expect((await api('/v2/cards?state=bogus')).status).toBe(400);
    expect((await api('/v2/cards', { key: null })).status).toBe(401);
  });
});

describe('the sender is told (item 7) and the recipient sent back (item 8)', () => {
  it('refuses a redirect that is javascript:, http: or to a host Settings does not allow', async () => {
    const source = await restSource();
    for (const redirectUrl of ['javascript:alert(1)', 'http://partner.example.com/done', 'https://evil.example.com/done', 'data:text/html,hi']) {
      expect(
        (await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(60_000), redirectUrl } })).status,
        redirectUrl,
      ).toBe(400);
    }
  });

  it('delivers a signed card_submitted alert, and sends the recipient to the allowed redirect with the card id and outcome', async () => {
    await patchSettings({ allowedRedirects: ['partner.example.com'] });
    const channel = expectStatus(
      await api('/v2/alerts/channels', {
        method: 'POST',
        body: { kind: 'webhook', name: 'Cards', url: `${receiverUrl}/cards`, signingSecret: 'a-signing-secret-of-32-characters', events: ['card_submitted'] },
      }),
      201,
    );
    expect(channel.status).toBe(201);
    const source = await restSource();
    const card = await createCard(source.id, { senderName: 'Dana', redirectUrl: 'https://partner.example.com/done?step=2' });
    const answer = await asRecipient(card.hashId, '', 'PATCH', { properties: { token: 'right-token' } });
    const body = expectStatus(answer, 200).body as { redirectTo?: string };
    const redirect = new URL(body.redirectTo ?? '');
    expect(redirect.host).toBe('partner.example.com');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ step: '2', card: String(card.id), outcome: 'submitted' });

    const hit = await eventually(() => Promise.resolve(hits.find((candidate) => candidate.path === '/cards')));
    expect(hit.headers['x-flowdeck-signature']).toMatch(/^sha256=/);
    const payload = JSON.parse(hit.body) as { event: string; card: { id: number; senderName: string } };
    expect(payload).toMatchObject({ event: 'card_submitted', card: { id: card.id, senderName: 'Dana' } });
    expect(hit.body).not.toContain('right-token');

    // The link then answers "already used", and the sender's list says submitted.
    expectError(await asRecipient(card.hashId), 410, /already.*used/i);
    const listed = dataOf(listOf(configurationCardSchema)).parse((await api(`/v2/sources/${String(source.id)}/configuration_cards`)).body);
    expect(listed[0]).toMatchObject({ id: card.id, state: 'submitted' });
  });

  it('never logs a secret the recipient typed', () => {
    expect(logLines.join('\n')).not.toMatch(/right-token|wrong-token/);
  });
});
