import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf, MASKED_SECRET } from '@/api/common';
import { destinationSchema, verificationMessageSchema } from '@/api/destinations';
import { destinationSpecSummarySchema } from '@/api/specs';
import { anyArray, anyNumber, anyString, BAD_REQUEST, containing, createFilesDestination, expectError, expectWrapped } from './fixtures';
import { silentServer } from './connector-fixtures';
import { startHarness } from './harness';

// Destinations, destination specs and verify over HTTP. Verify's bound is shortened to 1.5 s so the
// Request Timeout answer can be seen without waiting the interface's 10 s.

const VERIFY_BOUND_MS = 1_500;
const service = await startHarness({ verifyTimeoutMs: VERIFY_BOUND_MS });
// A destination on it hangs.
const silent = await silentServer();
const silentPort = silent.port;
afterAll(async () => {
  await silent.close();
  await service.stop();
});
const { api } = service;

describe('POST /v2/destinations (create destination)', () => {
  it('answers 201 { data: Destination } with the full spec and masked secrets', async () => {
    const answer = await api('/v2/destinations', {
      method: 'POST',
      body: {
        destinationSpec: 'postgres',
        displayName: 'Warehouse',
        properties: { host: 'wh', port: 5432, database: 'dw', user: 'loader', password: 'hunter2' },
      },
    });
    const raw = expectWrapped(answer, 201) as Record<string, unknown>;
    expect(raw).toMatchObject({ id: anyNumber, displayName: 'Warehouse', properties: { host: 'wh', port: 5432, password: '********' } });
    expect(raw.destinationSpec).toMatchObject({ name: 'postgres', instructions: anyString, propertyDefinitions: anyArray });
    const destination = dataOf(destinationSchema).parse(answer.body);
    expect(destination.properties.password).toEqual(MASKED_SECRET);
    expect(JSON.stringify(answer.body)).not.toContain('hunter2');
  });

  it('answers 400 Bad Request for an unknown spec, unknown properties, extra fields and non-JSON', async () => {
    for (const body of [
      { destinationSpec: 'nope' },
      { destinationSpec: 'files', properties: { colour: 1 } },
      { destinationSpec: 'files', surprise: 1 },
      {},
      'nope',
    ]) {
      expectError(await api('/v2/destinations', { method: 'POST', body }), 400, BAD_REQUEST);
    }
  });
});

describe('GET, PATCH /v2/destinations/{id} and GET /v2/destinations', () => {
  it('gets, updates and lists destinations', async () => {
    const created = await createFilesDestination(api, 'conformance', 'Exports');
    const got = dataOf(destinationSchema).parse({ data: expectWrapped(await api(`/v2/destinations/${String(created.id)}`)) });
    expect(got).toMatchObject({ id: created.id, displayName: 'Exports', properties: { bucket_url: 'conformance', format: 'jsonl' } });

    const patched = expectWrapped(
      await api(`/v2/destinations/${String(created.id)}`, { method: 'PATCH', body: { displayName: 'CSV exports', properties: { format: 'csv' } } }),
    );
    expect(dataOf(destinationSchema).parse({ data: patched })).toMatchObject({
      displayName: 'CSV exports',
      properties: { bucket_url: 'conformance', format: 'csv' },
    });

    const list = dataOf(listOf(destinationSchema)).parse({ data: expectWrapped(await api('/v2/destinations?limit=1000')) });
    expect(list.find((destination) => destination.id === created.id)?.displayName).toBe('CSV exports');
  });

  it('answers 404 for an unknown destination and 400 for a bad update', async () => {
    expectError(await api('/v2/destinations/999999'), 404, 'Not Found');
    expectError(await api('/v2/destinations/999999', { method: 'PATCH', body: { displayName: 'x' } }), 404, 'Not Found');
    const created = await createFilesDestination(api);
    expectError(await api(`/v2/destinations/${String(created.id)}`, { method: 'PATCH', body: { properties: { format: 3 } } }), 400, BAD_REQUEST);
    expectError(await api(`/v2/destinations/${String(created.id)}`, { method: 'PATCH', body: { destinationSpec: 'duckdb' } }), 400, BAD_REQUEST);
  });
});

describe('GET /v2/destinationspecs', () => {
  it('lists specs in the list form: exactly name, displayName, website, tagLine, lifecycle', async () => {
    const raw = expectWrapped(await api('/v2/destinationspecs')) as Record<string, unknown>[];
    expect(raw.length).toBeGreaterThan(0);
    for (const spec of raw) expect(Object.keys(spec).sort()).toEqual(['displayName', 'lifecycle', 'name', 'tagLine', 'website']);
    const specs = listOf(destinationSpecSummarySchema).parse(raw);
    expect(specs.map((spec) => spec.name)).toEqual(containing(['files', 'duckdb', 'postgres']));
  });
});

describe('GET /v2/destinations/{id}/verify', () => {
  it('reports each missing required property as an error message with is_error', async () => {
    const answer = await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'postgres', properties: { host: 'wh' } } });
    const { id } = dataOf(destinationSchema).parse(answer.body);
    const raw = expectWrapped(await api(`/v2/destinations/${String(id)}/verify`)) as Record<string, unknown>[];
    for (const message of raw) expect(message).toMatchObject({ name: anyString, message: anyString, is_error: true });
    const messages = listOf(verificationMessageSchema).parse(raw);
    expect(messages.map((message) => message.name).sort()).toEqual(['database', 'password', 'port', 'user']);
  });

  it('tries the connection when everything required is there and says how it went', async () => {
    const destination = await createFilesDestination(api);
    const messages = listOf(verificationMessageSchema).parse(expectWrapped(await api(`/v2/destinations/${String(destination.id)}/verify`)));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((message) => !message.isError)).toBe(true);
  });

  it('answers 408 Request Timeout when the check passes its bound', async () => {
    const answer = await api('/v2/destinations', {
      method: 'POST',
      body: { destinationSpec: 'postgres', properties: { host: '127.0.0.1', port: silentPort, database: 'x', user: 'x', password: 'x' } },
    });
    const { id } = dataOf(destinationSchema).parse(answer.body);
    const started = Date.now();
    expectError(await api(`/v2/destinations/${String(id)}/verify`), 408, 'Request Timeout');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(VERIFY_BOUND_MS - 50);
    expect(took).toBeLessThan(VERIFY_BOUND_MS + 3_000);
  });

  it('answers 404 for an unknown destination', async () => {
    expectError(await api('/v2/destinations/999999/verify'), 404, 'Not Found');
  });
});
