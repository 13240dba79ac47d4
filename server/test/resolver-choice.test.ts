import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { discoveryInProgress } from '@/api/messages';
import { type ResolverList, resolverListSchema } from '@/api/resolvers';
import { createSource, runToEnd, silentServer } from './connector-fixtures';
import { BAD_REQUEST, createFilesDestination, createSampleSource, expectError, expectStatus, expectWrapped } from './fixtures';
import { eventually, startHarness } from './harness';

// Choosing what to load: resolvers turned on and off by name (PATCH …/resolvers), the choice kept across
// discoveries while the resolver exists, runs that load only what is on, and Discover now (POST
// …/discover) with the time of the last discovery and its error in full. Discovery's bound is shortened
// so a source that never answers fails within the test.

const DISCOVERY_BOUND_MS = 2_000;
const service = await startHarness({ discoveryTimeoutMs: DISCOVERY_BOUND_MS });
// A Postgres source on it: its discovery hangs.
const silent = await silentServer();
const silentPort = silent.port;
afterAll(async () => {
  await silent.close();
  await service.stop();
});
const { api } = service;

const resolversPath = (sourceId: number) => `/v2/sources/${String(sourceId)}/resolvers`;
const readList = (body: unknown): ResolverList => dataOf(resolverListSchema).parse(body);

async function resolvers(sourceId: number): Promise<ResolverList> {
  return readList(expectStatus(await api(resolversPath(sourceId)), 200).body);
}

function discovered(sourceId: number, names?: string[]): Promise<ResolverList> {
  return eventually(
    async () => {
      const list = await resolvers(sourceId);
      const done = list.discoveryStatus?.status !== 'in_progress';
      const found = !names || names.every((name) => list.resolvers.some((resolver) => resolver.name === name));
      return done && found ? list : undefined;
    },
    10_000,
    'discovery to end',
  );
}

const suppressedOf = (list: ResolverList) => Object.fromEntries(list.resolvers.map((resolver) => [resolver.name, resolver.suppressed]));

function choose(sourceId: number, resolvers: { name: string; suppressed: boolean }[]) {
  return api(resolversPath(sourceId), { method: 'PATCH', body: { resolvers } });
}

describe('PATCH /v2/sources/{id}/resolvers (turn resolvers on or off)', () => {
  it('answers the list with the choice applied, and the choice persists', async () => {
    const source = await createSampleSource(api, { row_count: 10 });
    expect(suppressedOf(await discovered(source.id))).toEqual({ customers: false, orders: false, products: false });
    const answer = await choose(source.id, [{ name: 'customers', suppressed: true }]);
    expectWrapped(answer);
    expect(suppressedOf(readList(answer.body))).toEqual({ customers: true, orders: false, products: false });
    expect(suppressedOf(await resolvers(source.id))).toEqual({ customers: true, orders: false, products: false });
    expectStatus(await choose(source.id, [{ name: 'customers', suppressed: false }]), 200);
    expect(suppressedOf(await resolvers(source.id))).toEqual({ customers: false, orders: false, products: false });
  });

  it('answers 400 naming resolvers the source does not have, and changes nothing', async () => {
    const source = await createSampleSource(api, { row_count: 10 });
    await discovered(source.id);
    const answer = await choose(source.id, [
      { name: 'orders', suppressed: true },
      { name: 'invoices', suppressed: true },
    ]);
    expectError(answer, 400, 'Bad Request: This source has no resolver named "invoices".');
    expect(suppressedOf(await resolvers(source.id)).orders).toBe(false);
  });

  it('answers 400 for bad bodies and 404 for an unknown source', async () => {
    const source = await createSampleSource(api, { row_count: 10 });
    const bodies: unknown[] = [
      {},
      { resolvers: [] },
      { resolvers: [{ name: 'orders' }] },
      { resolvers: [{ name: 'orders', suppressed: 'yes' }] },
      { resolvers: [{ name: 'orders', suppressed: true, extra: 1 }] },
      { resolvers: [{ name: 'orders', suppressed: true }], extra: 1 },
      {
        resolvers: [
          { name: 'orders', suppressed: true },
          { name: 'orders', suppressed: false },
        ],
      },
      { resolvers: { orders: true } },
      '[',
    ];
    for (const body of bodies) expectError(await api(resolversPath(source.id), { method: 'PATCH', body }), 400, BAD_REQUEST);
    expectError(await choose(999_999, [{ name: 'orders', suppressed: true }]), 404, 'Not Found');
  });

  it('keeps a choice across discoveries while the resolver exists; a new resolver starts on and a gone one forgets its choice', async () => {
    const source = await createSource(api, 'rest_api', { base_url: 'https://api.example.com', endpoints: 'invoices\ncustomers', token: 't' });
    await discovered(source.id, ['invoices', 'customers']);
    expectStatus(
      await choose(source.id, [
        { name: 'invoices', suppressed: true },
        { name: 'customers', suppressed: true },
      ]),
      200,
    );
    // The settings change: discovery runs again and finds customers (still chosen off) and refunds (new: on).
    const changed = await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { endpoints: 'customers\nrefunds' } } });
    expectStatus(changed, 200);
    expect(suppressedOf(await discovered(source.id, ['refunds']))).toEqual({ customers: true, refunds: false });
    // invoices comes back: its old choice went with it, so it is on again.
    expectStatus(await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { endpoints: 'customers\ninvoices' } } }), 200);
    expect(suppressedOf(await discovered(source.id, ['invoices']))).toEqual({ customers: true, invoices: false });
  });
});

describe('a run loads only the resolvers turned on', () => {
  it('skips a table turned off', async () => {
    const source = await createSampleSource(api, { row_count: 40 });
    await discovered(source.id);
    expectStatus(await choose(source.id, [{ name: 'customers', suppressed: true }]), 200);
    const destination = await createFilesDestination(api);
    const attempt = await runToEnd(api, source.id, destination.id, 30_000, { namespace: null });
    expect(attempt.disposition).toBe('succeeded');
    expect(attempt.resources.map((resource) => resource.name).sort()).toEqual(['orders', 'products']);
    // Each table replaced at each run: one file each, in the destination's folder itself (the flow's namespace is null).
    expect(readdirSync(join(service.filesDir, destination.folder)).sort()).toEqual(['_flowdeck_loads', 'orders.jsonl', 'products.jsonl']);
  });

  it('leaves a CSV column turned off out of every row, and loads nothing with every column off', async () => {
    writeFileSync(join(service.filesDir, 'people.csv'), 'id,name,email\n1,Ada,ada@example.com\n2,Grace,grace@example.com\n');
    const source = await createSource(api, 'csv', { location: 'people.csv' });
    expect((await discovered(source.id, ['email'])).resolvers.map((resolver) => resolver.category)).toEqual(['column', 'column', 'column']);
    expectStatus(await choose(source.id, [{ name: 'email', suppressed: true }]), 200);
    const destination = await createFilesDestination(api);
    const attempt = await runToEnd(api, source.id, destination.id, 30_000, { namespace: null });
    expect(attempt.disposition).toBe('succeeded');
    const rows = readFileSync(join(service.filesDir, destination.folder, 'people.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const metadata = { _flowdeck_extracted_at: expect.any(String) as unknown, _flowdeck_attempt_id: attempt.id };
    expect(rows).toEqual([
      { id: 1, name: 'Ada', ...metadata },
      { id: 2, name: 'Grace', ...metadata },
    ]);

    expectStatus(
      await choose(source.id, [
        { name: 'id', suppressed: true },
        { name: 'name', suppressed: true },
      ]),
      200,
    );
    const nothing = await runToEnd(api, source.id, destination.id);
    expect(nothing.disposition).toBe('succeeded');
    expect(nothing.resources).toEqual([]);
  });
});

describe('POST /v2/sources/{id}/discover (Discover now)', () => {
  it('answers 202 with discovery in progress, then the resolvers with the time they were found', async () => {
    const source = await createSampleSource(api, { row_count: 10 });
    const first = await discovered(source.id);
    const firstTime = Date.parse(first.discoveryStatus?.discoveredAt ?? '');
    expect(firstTime).not.toBeNaN();
    const answer = await api(`/v2/sources/${String(source.id)}/discover`, { method: 'POST' });
    const raw = expectWrapped(answer, 202) as { discoveryStatus: Record<string, unknown> };
    expect(Object.keys(raw.discoveryStatus).sort()).toEqual(['discoveredAt', 'error', 'resolverCount', 'status', 'timestamp']);
    expect(readList(answer.body).discoveryStatus?.status).toBe('in_progress');
    const again = await eventually(
      async () => {
        const list = await resolvers(source.id);
        return list.discoveryStatus?.status === 'succeeded' && Date.parse(list.discoveryStatus.discoveredAt ?? '') > firstTime ? list : undefined;
      },
      10_000,
      'the new discovery',
    );
    expect(again.resolvers.map((resolver) => resolver.name).sort()).toEqual(['customers', 'orders', 'products']);
  });

  it('answers 400 while a discovery is in progress; after it fails, the error in full and the last good time stay, and Retry starts again', async () => {
    const source = await createSource(api, 'postgres', { host: '127.0.0.1', port: silentPort, database: 'x', user: 'x', password: 'x' });
    expect((await resolvers(source.id)).discoveryStatus?.status).toBe('in_progress');
    expectError(await api(`/v2/sources/${String(source.id)}/discover`, { method: 'POST' }), 400, discoveryInProgress(source.id));
    const failed = await eventually(
      async () => {
        const list = await resolvers(source.id);
        return list.discoveryStatus?.status === 'failed' ? list : undefined;
      },
      DISCOVERY_BOUND_MS + 10_000,
      'discovery to give up',
    );
    expect(failed.discoveryStatus?.error).toBe(`Discovery gave up after ${String(DISCOVERY_BOUND_MS / 1000)} s: the source did not answer in time.`);
    expect(failed.discoveryStatus?.discoveredAt).toBeNull();
    expect(failed.discoveryRequired).toBe(true);
    const retry = await api(`/v2/sources/${String(source.id)}/discover`, { method: 'POST' });
    expectWrapped(retry, 202);
    expect(readList(retry.body).discoveryStatus).toMatchObject({ status: 'in_progress', error: null });
  });

  it('answers 404 for an unknown source', async () => {
    expectError(await api('/v2/sources/999999/discover', { method: 'POST' }), 404, 'Not Found');
  });
});
