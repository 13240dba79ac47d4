import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configurationCardSchema } from '@/api/cards';
import { dataOf, MASKED_SECRET } from '@/api/common';
import { sourceSchema } from '@/api/sources';
import { createDestination, createSource, localHttpServer, runToEnd } from './connector-fixtures';
import { expectError, expectStatus, inFuture } from './fixtures';
import { eventually, startHarness } from './harness';

// A stored secret stays bound to the address it was entered for: moving a source's address without
// sending the secret again clears it, by API key and through a card link alike, so the next run never
// carries it to the new host. Two local HTTP servers stand for the owner's API and an attacker's.

const service = await startHarness();

function recordingServer() {
  const authorizations: (string | undefined)[] = [];
  return {
    authorizations,
    handler: (request: IncomingMessage, response: ServerResponse) => {
      authorizations.push(request.headers.authorization);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify([{ id: 1 }]));
    },
  };
}

const homeLog = recordingServer();
const elsewhereLog = recordingServer();
const home = await localHttpServer(homeLog.handler);
const elsewhere = await localHttpServer(elsewhereLog.handler);
const destination = await createDestination(service.api, 'duckdb', { path: join(service.filesDir, 'secrets.duckdb') });
afterAll(async () => {
  await service.stop();
  await home.close();
  await elsewhere.close();
});

const OWNER_TOKEN = 'owner-token-7f3a';
const restSource = () => createSource(service.api, 'rest_api', { base_url: `${home.url}/v1`, endpoints: 'people', pagination: 'none', token: OWNER_TOKEN });

async function patchSource(id: number, properties: Record<string, unknown>) {
  const answer = await service.api(`/v2/sources/${String(id)}`, { method: 'PATCH', body: { properties } });
  return dataOf(sourceSchema).parse(expectStatus(answer, 200).body);
}

async function readSource(id: number) {
  return dataOf(sourceSchema).parse(expectStatus(await service.api(`/v2/sources/${String(id)}`), 200).body);
}

/** Runs the source and answers the Authorization headers the given server received during the run. */
async function authorizationsOfRun(sourceId: number, log: { authorizations: (string | undefined)[] }) {
  // Discovery reads an endpoint's first page after each change of the settings: the run's requests come after it.
  await eventually(async () => {
    const [row] = await service.sql<{ discovery_status: string }>('SELECT discovery_status FROM sources WHERE id = $1', [sourceId]);
    return row?.discovery_status === 'in_progress' ? undefined : true;
  });
  const from = log.authorizations.length;
  const attempt = await runToEnd(service.api, sourceId, destination.id);
  expect(attempt.disposition, JSON.stringify(attempt.errors)).toBe('succeeded');
  return log.authorizations.slice(from);
}

describe('PATCH /v2/sources/{id} with an API key', () => {
  it('clears the stored token when only base_url changes: the next run sends no token, the source reports it missing', async () => {
    const source = await restSource();
    expect(await authorizationsOfRun(source.id, homeLog)).toEqual([`Bearer ${OWNER_TOKEN}`]);

    const moved = await patchSource(source.id, { base_url: `${elsewhere.url}/v1` });
    expect(moved.properties).not.toHaveProperty('token');
    expect((await readSource(source.id)).properties).toEqual({ base_url: `${elsewhere.url}/v1`, endpoints: 'people', pagination: 'none' });
    const [row] = await service.sql<{ properties: Record<string, unknown> }>('SELECT properties FROM sources WHERE id = $1', [source.id]);
    expect(row?.properties).not.toHaveProperty('token');

    const received = await authorizationsOfRun(source.id, elsewhereLog);
    expect(received.length).toBeGreaterThan(0);
    expect(received).toEqual(received.map(() => undefined));
  });

  it('does not count a mask sent back as the token sent again', async () => {
    const source = await restSource();
    const moved = await patchSource(source.id, { base_url: `${elsewhere.url}/v1`, token: '********' });
    expect(moved.properties).not.toHaveProperty('token');
    expect(await authorizationsOfRun(source.id, elsewhereLog)).not.toContain(`Bearer ${OWNER_TOKEN}`);
  });

  it('keeps working when the token is sent again with the new address, and keeps the token for a change that moves nothing', async () => {
    const source = await restSource();
    await patchSource(source.id, { endpoints: 'people\n' });
    expect((await readSource(source.id)).properties).toMatchObject({ token: MASKED_SECRET });
    expect(await authorizationsOfRun(source.id, homeLog)).toEqual([`Bearer ${OWNER_TOKEN}`]);

    await patchSource(source.id, { base_url: `${elsewhere.url}/v1`, token: OWNER_TOKEN });
    expect((await readSource(source.id)).properties).toMatchObject({ base_url: `${elsewhere.url}/v1`, token: MASKED_SECRET });
    expect(await authorizationsOfRun(source.id, elsewhereLog)).toEqual([`Bearer ${OWNER_TOKEN}`]);
  });

  it('clears a postgres password when the host moves', async () => {
    const answer = await service.api('/v2/sources', {
      method: 'POST',
      body: {
        sourceSpec: 'postgres',
        displayName: 'Shop',
        properties: { host: 'db.internal', port: 5432, database: 'shop', user: 'reader', password: 'pg-secret' },
      },
    });
    const source = dataOf(sourceSchema).parse(expectStatus(answer, 201).body);
    expect((await patchSource(source.id, { host: 'db.elsewhere' })).properties).not.toHaveProperty('password');
  });
});

describe('PATCH /v2/cards/{hash_id} (no account)', () => {
  async function cardFor(sourceId: number) {
    const answer = await service.api(`/v2/sources/${String(sourceId)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
    return dataOf(configurationCardSchema).parse(expectStatus(answer, 201).body);
  }
  const submit = (hashId: string, properties: Record<string, unknown>) =>
    service.api(`/v2/cards/${hashId}`, { method: 'PATCH', body: { properties }, key: hashId });

  it('cannot move the address and keep the owner’s token: 400 names the missing token, nothing is stored, the link stays usable', async () => {
    const source = await restSource();
    const card = await cardFor(source.id);
    expectError(await submit(card.hashId, { base_url: `${elsewhere.url}/v1` }), 400, 'Bad Request: Missing required properties: token');
    expect((await readSource(source.id)).properties).toMatchObject({ base_url: `${home.url}/v1`, token: MASKED_SECRET });
    expect(await authorizationsOfRun(source.id, homeLog)).toEqual([`Bearer ${OWNER_TOKEN}`]);
    expectStatus(await service.api(`/v2/cards/${card.hashId}`, { key: card.hashId }), 200);
  });

  it('stores a new address with the token the recipient sends, and runs use that token there', async () => {
    const source = await restSource();
    const card = await cardFor(source.id);
    expectStatus(await submit(card.hashId, { base_url: `${elsewhere.url}/v1`, token: 'recipient-token' }), 200);
    expect(await authorizationsOfRun(source.id, elsewhereLog)).toEqual(['Bearer recipient-token']);
  });
});
