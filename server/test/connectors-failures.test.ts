import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { verificationMessageSchema } from '@/api/destinations';
import {
  counts,
  createDestination,
  createExternalDatabase,
  createSource,
  duckQuery,
  localHttpServer,
  postgresProperties,
  runToEnd,
  sql,
} from './connector-fixtures';
import { listAttempts } from './fixtures';
import { startHarness } from './harness';

// What failures leave behind: the right errors in the attempt, the other resources' data kept, and
// nothing half-written.

const service = await startHarness();
const target = await createExternalDatabase();
const folder = service.filesDir;
// `good` answers 300 records over three pages; `dying` answers one page, then drops the connection.
const http = await localHttpServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://local');
  const page = Number(url.searchParams.get('page') ?? 1);
  if (url.pathname === '/dying' && page > 1) {
    request.socket.destroy();
    return;
  }
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(page <= 3 ? Array.from({ length: 100 }, (_, index) => ({ id: (page - 1) * 100 + index + 1 })) : []));
});
afterAll(async () => {
  await service.stop();
  await target.drop();
  await http.close();
});
const { api } = service;

describe('a source that dies mid-run', () => {
  it('fails that resource with its error, keeps the other resource, and writes none of the dead one', async () => {
    const path = join(folder, 'dying.duckdb');
    const destination = await createDestination(api, 'duckdb', { path });
    const source = await createSource(api, 'rest_api', { base_url: http.url, endpoints: 'good\ndying', token: 't', pagination: 'page' });
    const attempt = await runToEnd(api, source.id, destination.id, 30_000, { namespace: null });
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors).toHaveLength(1);
    expect(attempt.errors[0]).toMatch(/^dying: Request to http:\/\/127\.0\.0\.1:\d+\/dying\?page=2 failed/);
    expect(counts(attempt)).toEqual({ good: 300, dying: 0 });
    expect(await duckQuery(path, 'SELECT count(*) FROM good')).toEqual([[300n]]);
    expect(await duckQuery(path, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'dying'")).toEqual([[0n]]);
  });
});

describe('a destination that rejects rows', () => {
  it('rolls the rejected resource back and loads the others', async () => {
    await sql(
      target.url,
      "CREATE SCHEMA strict; CREATE TABLE strict.customers (id bigint, name text, email text CHECK (email NOT LIKE '%@example.com'), created_at timestamptz); INSERT INTO strict.customers VALUES (0, 'kept', 'kept@shop.test', now())",
    );
    const destination = await createDestination(api, 'postgres', postgresProperties(target.url, { schema: 'strict' }));
    const sample = await createSource(api, 'sample', { row_count: 1_000 });
    // Appended into the schema's tables as they are (a replaced table would not have the check).
    const resources = ['customers', 'products', 'orders'].map((name) => ({ name, syncMode: 'full_refresh_append' }));
    const attempt = await runToEnd(api, sample.id, destination.id, 30_000, { namespace: null, resources });
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors).toEqual([expect.stringMatching(/^customers: .*violates check constraint/)]);
    expect(counts(attempt)).toEqual({ customers: 0, products: 50, orders: 750 });
    expect(await sql(target.url, 'SELECT count(*)::int AS n FROM strict.customers')).toEqual([{ n: 1 }]);
    expect(await sql(target.url, 'SELECT count(*)::int AS n FROM strict.orders')).toEqual([{ n: 750 }]);
  });
});

describe('a wrong password', () => {
  it('fails the run with the database’s message and leaves the destination untouched', async () => {
    const path = join(folder, 'untouched.duckdb');
    const destination = await createDestination(api, 'duckdb', { path });
    const source = await createSource(api, 'postgres', postgresProperties(target.url, { password: 'wrong-password' }));
    const attempt = await runToEnd(api, source.id, destination.id);
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors).toEqual([expect.stringMatching(/^Cannot connect to 127\.0\.0\.1:\d+\/\w+: password authentication failed for user/)]);
    expect(attempt.resources).toEqual([]);
  });

  it('is reported by verify as an error message, not a failed call', async () => {
    const destination = await createDestination(api, 'postgres', postgresProperties(target.url, { password: 'wrong-password' }));
    const answer = await api(`/v2/destinations/${String(destination.id)}/verify`);
    expect(answer.status).toBe(200);
    const messages = dataOf(listOf(verificationMessageSchema)).parse(answer.body);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ name: 'connection', isError: true });
    expect(messages[0]?.message).toContain('password authentication failed');
  });
});

describe('cancel', () => {
  it('leaves the destination as it was before the run', async () => {
    const path = join(folder, 'cancelled.duckdb');
    const destination = await createDestination(api, 'duckdb', { path });
    const slow = await createSource(api, 'sample', { row_count: 200_000, rows_per_second: 20_000 });
    const flow = await api('/v2/flows', { method: 'POST', body: { displayName: 'Cancelled', source: slow.id, destination: destination.id } });
    const flowId = (flow.body as { data: { id: number } }).data.id;
    await api(`/v2/flows/${String(flowId)}/run`, { method: 'POST' });
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_500));
    await api(`/v2/flows/${String(flowId)}/cancel`, { method: 'POST' });
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
    expect(await duckQuery(path, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'customers'")).toEqual([[0n]]);
    // The attempt says what the destination kept: rows were read, none of them loaded.
    const [attempt] = await listAttempts(api, flowId, '?limit=1');
    expect(attempt?.errors).toEqual(['Cancelled by user.']);
    expect(attempt?.resources.find((resource) => resource.name === 'customers')).toMatchObject({ loaded: 0, extracted: expect.any(Number) as unknown });
    expect(attempt?.resources.find((resource) => resource.name === 'customers')?.extracted).toBeGreaterThan(0);
  });
});
