import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { verificationMessageSchema } from '@/api/destinations';
import { sourceSpecSummarySchema } from '@/api/specs';
import { createExternalDatabase, createSource, localHttpServer, postgresProperties, sql } from './connector-fixtures';
import { BAD_REQUEST, expectError, expectWrapped } from './fixtures';
import { startHarness } from './harness';

// GET /v2/sources/{id}/verify (the hosted documentation's, beside destination verify) against real
// systems: required properties first, then a real connection that reads next to nothing, bounded (the
// bound is shortened to 1.5 s here so the timeout case is quick). And GET /v2/connectors.

const VERIFY_BOUND_MS = 1_500;
const service = await startHarness({ verifyTimeoutMs: VERIFY_BOUND_MS });
const { api } = service;
const external = await createExternalDatabase();
const sockets = new Set<Socket>();
const silent = createServer((socket) => {
  sockets.add(socket);
});
await new Promise<void>((resolveListen) => silent.listen(0, '127.0.0.1', resolveListen));
const silentPort = (silent.address() as { port: number }).port;
const api401 = await localHttpServer((request, response) => {
  const authorized = request.headers.authorization === 'Bearer right-token';
  response.writeHead(authorized ? 200 : 401, { 'content-type': 'application/json' });
  response.end(authorized ? JSON.stringify({ items: [{ id: 1 }, { id: 2 }] }) : '{"secret":"remote body"}');
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolveClose) => silent.close(resolveClose));
  await api401.close();
  await external.drop();
  await service.stop();
});

async function verify(sourceId: number) {
  const raw = expectWrapped(await api(`/v2/sources/${String(sourceId)}/verify`)) as Record<string, unknown>[];
  for (const message of raw) expect(Object.keys(message).sort()).toEqual(['is_error', 'message', 'name']);
  return listOf(verificationMessageSchema).parse(raw);
}

const errorsOf = (messages: { isError: boolean; name: string }[]) => messages.filter((message) => message.isError).map((message) => message.name);

describe('GET /v2/sources/{id}/verify', () => {
  it('names each missing required property and connects to nothing then', async () => {
    const source = await createSource(api, 'postgres', { host: '127.0.0.1', port: silentPort });
    const messages = await verify(source.id);
    expect(errorsOf(messages).sort()).toEqual(['database', 'password', 'user']);
    expect(messages.every((message) => /Required property ".+" is missing\./.test(message.message))).toBe(true);
  });

  it('sample: nothing to connect to, says what a run makes', async () => {
    const source = await createSource(api, 'sample', { row_count: 100 });
    const messages = await verify(source.id);
    expect(errorsOf(messages)).toEqual([]);
    expect(messages.map((message) => message.message).join(' ')).toMatch(/20 customers, 5 products and 75 orders/);
  });

  it('postgres: connects and counts the schema’s tables; a wrong password or an empty schema is an error', async () => {
    await sql(external.url, 'CREATE TABLE orders (id int); CREATE VIEW recent AS SELECT * FROM orders');
    const good = await createSource(api, 'postgres', postgresProperties(external.url));
    const messages = await verify(good.id);
    expect(errorsOf(messages)).toEqual([]);
    expect(messages.map((message) => message.message).join(' ')).toMatch(/1 tables and 1 views in schema public/);

    const wrong = await createSource(api, 'postgres', postgresProperties(external.url, { password: 'not-the-password' }));
    const refused = await verify(wrong.id);
    expect(errorsOf(refused)).toEqual(['connection']);
    expect(JSON.stringify(refused)).not.toContain('not-the-password');

    const empty = await createSource(api, 'postgres', postgresProperties(external.url, { schema: 'nothing_here' }));
    expect(errorsOf(await verify(empty.id))).toEqual(['tables']);
  });

  it('csv: opens the file in the allowed folder and reads its header row only; a missing file is an error', async () => {
    mkdirSync(join(service.filesDir, 'verify'), { recursive: true });
    writeFileSync(join(service.filesDir, 'verify', 'orders.csv'), 'id,customer,total\n1,Ada,9.5\n');
    const good = await createSource(api, 'csv', { location: 'verify/orders.csv' });
    const messages = await verify(good.id);
    expect(errorsOf(messages)).toEqual([]);
    expect(messages.map((message) => message.message).join(' ')).toMatch(/3 columns: id, customer, total/);

    // A file that was there when the source was saved and is gone now.
    writeFileSync(join(service.filesDir, 'verify', 'gone.csv'), 'id\n1\n');
    const gone = await createSource(api, 'csv', { location: 'verify/gone.csv' });
    rmSync(join(service.filesDir, 'verify', 'gone.csv'));
    const messages2 = await verify(gone.id);
    expect(errorsOf(messages2)).toEqual(['connection']);
    expect(messages2[0]?.message).toMatch(/ENOENT/);
  });

  it('rest_api: asks the first endpoint’s first page with the token; a refused token is an error that never echoes the remote body', async () => {
    const good = await createSource(api, 'rest_api', { base_url: api401.url, endpoints: 'items\nothers', token: 'right-token' });
    const messages = await verify(good.id);
    expect(errorsOf(messages)).toEqual([]);
    expect(messages.map((message) => message.message).join(' ')).toMatch(/answered HTTP 200.*2 records/);

    const bad = await createSource(api, 'rest_api', { base_url: api401.url, endpoints: 'items', token: 'wrong-token' });
    const refused = await verify(bad.id);
    expect(errorsOf(refused)).toEqual(['connection']);
    expect(refused[0]?.message).toMatch(/HTTP 401/);
    expect(JSON.stringify(refused)).not.toContain('remote body');
  });

  it('goes through the network guard: by name, the service’s own database and its own port are refused in the messages', async () => {
    const ownDatabase = new URL(service.databaseUrl);
    const database = await createSource(api, 'postgres', { ...postgresProperties(service.databaseUrl), host: 'localhost', port: Number(ownDatabase.port) });
    const refused = await verify(database.id);
    expect(errorsOf(refused)).toEqual(['connection']);
    expect(refused[0]?.message).toMatch(/own database/);
    const ownPort = new URL(service.url).port;
    const itself = await createSource(api, 'rest_api', { base_url: `http://localhost:${ownPort}/v2`, endpoints: 'flows', token: 't' });
    const refusedToo = await verify(itself.id);
    expect(errorsOf(refusedToo)).toEqual(['connection']);
    expect(refusedToo[0]?.message).toMatch(/Refused/);
  });

  it('answers 408 Request Timeout when the connection passes the bound', async () => {
    const source = await createSource(api, 'rest_api', { base_url: `http://127.0.0.1:${String(silentPort)}`, endpoints: 'items', token: 't' });
    expectError(await api(`/v2/sources/${String(source.id)}/verify`), 408, 'Request Timeout');
  });

  it('answers 404 for an unknown source, 400 for an id that is not a positive integer, 401 without a key', async () => {
    expectError(await api('/v2/sources/999999/verify'), 404, 'Not Found');
    expectError(await api('/v2/sources/abc/verify'), 400, BAD_REQUEST);
    expectError(await api('/v2/sources/1/verify', { key: null }), 401, 'Unauthorized');
  });
});

describe('GET /v2/connectors', () => {
  it('answers { data: [...] }: the source connectors as source specs in summary form', async () => {
    const raw = expectWrapped(await api('/v2/connectors')) as Record<string, unknown>[];
    expect(raw.map((spec) => spec.name).sort()).toEqual(['csv', 'postgres', 'rest_api', 'sample']);
    for (const spec of raw) expect(Object.keys(spec).sort()).toEqual(['authenticationStrategy', 'displayName', 'lifecycle', 'name', 'tagLine', 'website']);
    dataOf(listOf(sourceSpecSummarySchema)).parse({ data: raw });
    expectError(await api('/v2/connectors', { key: 'fd_wrong' }), 401, 'Unauthorized');
  });
});
