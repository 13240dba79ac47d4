import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { resolverListSchema } from '@/api/resolvers';
import { counts, createDestination, createSource, duckQuery, localHttpServer, runAgain, runToEnd } from './connector-fixtures';
import { eventually, startHarness } from './harness';

// The rest_api and csv sources against a local HTTP server and local files (in the allowed folder), into DuckDB.

const service = await startHarness();
const folder = service.filesDir;
const people = Array.from({ length: 250 }, (_, index) => ({ id: index + 1, name: `Person ${String(index + 1)}`, address: { city: 'Lyon' } }));
const requests: { path: string; authorization: string | undefined }[] = [];
const events = [1, 2, 3].map((id) => ({ id, updated_at: `2026-03-0${String(id)}T00:00:00Z` }));
const api = await localHttpServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://local');
  requests.push({ path: url.pathname + url.search, authorization: request.headers.authorization });
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/v1/people') {
    // Link-header pagination, 100 per page, records under data.items.
    const page = Number(url.searchParams.get('cursor') ?? 1);
    const items = people.slice((page - 1) * 100, page * 100);
    if (page * 100 < people.length) response.setHeader('link', `<${api.url}/v1/people?cursor=${String(page + 1)}>; rel="next"`);
    response.end(JSON.stringify({ data: { items } }));
  } else if (url.pathname === '/v1/tags') {
    // Page-parameter pagination: an empty page ends it.
    const page = Number(url.searchParams.get('p') ?? 1);
    response.end(JSON.stringify(page <= 3 ? [{ tag: `t${String(page)}` }, { tag: `u${String(page)}` }] : []));
  } else if (url.pathname === '/v1/events') {
    // Filters by "on or after" its updated_since parameter, as many APIs do.
    const since = url.searchParams.get('updated_since');
    response.end(JSON.stringify(events.filter((event) => since === null || event.updated_at >= since)));
  } else if (url.pathname === '/files/prices.csv') {
    response.setHeader('content-type', 'text/csv');
    response.end('sku;price;on_sale\nA-1;9.5;true\nB-2;12;false\n');
  } else {
    response.statusCode = 404;
    response.end('{}');
  }
});
afterAll(async () => {
  await service.stop();
  await api.close();
});

describe('rest_api source', () => {
  it('follows Link headers and page parameters, sends the token, and flattens nested objects', async () => {
    const path = join(folder, 'rest.duckdb');
    const destination = await createDestination(service.api, 'duckdb', { path });
    const people = await createSource(service.api, 'rest_api', {
      base_url: `${api.url}/v1`,
      endpoints: 'people',
      token: 'secret-token',
      records_path: 'data.items',
    });
    // Discovery reads each endpoint's first page for its columns; the run's requests come after it.
    const discovered = await eventually(async () => {
      const answer = dataOf(resolverListSchema).parse((await service.api(`/v2/sources/${String(people.id)}/resolvers`)).body);
      return answer.discoveryStatus?.status === 'succeeded' ? answer : undefined;
    });
    expect(discovered.resolvers).toMatchObject([
      {
        name: 'people',
        columns: [
          { name: 'id', type: 'bigint' },
          { name: 'name', type: 'text' },
          { name: 'address', type: 'text' },
        ],
        cursorCandidates: ['id'],
      },
    ]);
    requests.length = 0;
    const attempt = await runToEnd(service.api, people.id, destination.id, 30_000, { namespace: null });
    expect(attempt.disposition).toBe('succeeded');
    expect(counts(attempt)).toEqual({ people: 250 });
    expect(requests.filter((request) => request.path.startsWith('/v1/people')).map((request) => request.path)).toEqual([
      '/v1/people',
      '/v1/people?cursor=2',
      '/v1/people?cursor=3',
    ]);
    expect(new Set(requests.map((request) => request.authorization))).toEqual(new Set(['Bearer secret-token']));
    expect(await duckQuery(path, 'SELECT count(*), max(id), any_value(address) FROM people')).toEqual([[250n, 250n, '{"city":"Lyon"}']]);

    const tags = await createSource(service.api, 'rest_api', {
      base_url: `${api.url}/v1/`,
      endpoints: '/tags\n',
      token: 'secret-token',
      pagination: 'page',
      page_param: 'p',
    });
    const second = await runToEnd(service.api, tags.id, destination.id, 30_000, { namespace: null });
    expect(counts(second)).toEqual({ tags: 6 });
  });

  it('reads incrementally with its cursor parameter: sends the saved cursor, keeps only the records past it', async () => {
    const path = join(folder, 'events.duckdb');
    const destination = await createDestination(service.api, 'duckdb', { path });
    const source = await createSource(service.api, 'rest_api', {
      base_url: `${api.url}/v1`,
      endpoints: 'events',
      token: 't',
      pagination: 'none',
      cursor_param: 'updated_since',
    });
    const resources = [{ name: 'events', syncMode: 'incremental_append', cursorField: 'updated_at' }];
    const first = await runToEnd(service.api, source.id, destination.id, 30_000, { namespace: null, resources });
    expect(counts(first)).toEqual({ events: 3 });
    events.push({ id: 4, updated_at: '2026-03-04T00:00:00Z' });
    requests.length = 0;
    const second = await runAgain(service.api, first.flow);
    // The API answers the record at the cursor again ("on or after"): the source keeps only the new one.
    expect(second.resources[0]).toMatchObject({ extracted: 1, loaded: 1 });
    expect(requests.map((request) => request.path)).toEqual(['/v1/events?updated_since=2026-03-03T00%3A00%3A00Z']);
    expect(await duckQuery(path, 'SELECT id FROM events ORDER BY id')).toEqual([[1n], [2n], [3n], [4n]]);
  });

  it('lists its endpoints as resolvers', async () => {
    const source = await createSource(service.api, 'rest_api', { base_url: `${api.url}/v1`, endpoints: 'people\ntags', token: 't' });
    const list = await eventually(async () => {
      const answer = dataOf(resolverListSchema).parse((await service.api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return answer.discoveryStatus?.status === 'succeeded' ? answer : undefined;
    });
    expect(list.resolvers.map((resolver) => resolver.name)).toEqual(['people', 'tags']);
  });

  it('keeps a token written into an endpoint out of its resolver, its resource and the answers that show them', async () => {
    const token = 'endpointTOKEN7331';
    const source = await createSource(service.api, 'rest_api', {
      base_url: `${api.url}/v1`,
      endpoints: `people?access_token=${token}&page_size=5`,
      token: 't',
    });
    const list = await eventually(async () => {
      const answer = dataOf(resolverListSchema).parse((await service.api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return answer.discoveryStatus?.status === 'succeeded' ? answer : undefined;
    });
    expect(list.resolvers.map((resolver) => resolver.name)).toEqual(['people_access_token_page_size_5']);
    expect(JSON.stringify(list)).not.toContain(token);
  });
});

describe('csv source', () => {
  it('reads a local file with a header, typing numbers, booleans and date-times', async () => {
    const file = join(folder, 'orders.csv');
    writeFileSync(file, 'id,customer,total,paid,placed_at\n1,"Ann, Jr",10.5,true,2026-03-01T10:00:00Z\n2,Bo,7,false,2026-03-02T11:30:00Z\n');
    const path = join(folder, 'csv.duckdb');
    const destination = await createDestination(service.api, 'duckdb', { path });
    const source = await createSource(service.api, 'csv', { location: file });
    const attempt = await runToEnd(service.api, source.id, destination.id, 30_000, { namespace: null });
    expect(counts(attempt)).toEqual({ orders: 2 });
    const columns = await duckQuery(
      path,
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position",
    );
    expect(columns).toEqual([
      ['id', 'BIGINT'],
      ['customer', 'VARCHAR'],
      ['total', 'DOUBLE'],
      ['paid', 'BOOLEAN'],
      ['placed_at', 'TIMESTAMP WITH TIME ZONE'],
      ['_flowdeck_extracted_at', 'TIMESTAMP WITH TIME ZONE'],
      ['_flowdeck_attempt_id', 'BIGINT'],
    ]);
    expect(await duckQuery(path, 'SELECT customer, total FROM orders ORDER BY id')).toEqual([
      ['Ann, Jr', 10.5],
      ['Bo', 7],
    ]);

    const resolvers = await eventually(async () => {
      const list = dataOf(resolverListSchema).parse((await service.api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
    });
    expect(resolvers.resolvers.map((resolver) => resolver.name)).toEqual(['id', 'customer', 'total', 'paid', 'placed_at']);
  });

  it('reads incrementally: a rewritten file gives only its rows past the saved cursor', async () => {
    const file = join(folder, 'ledger.csv');
    writeFileSync(file, 'id,amount\n1,10\n2,20\n');
    const path = join(folder, 'ledger.duckdb');
    const destination = await createDestination(service.api, 'duckdb', { path });
    const source = await createSource(service.api, 'csv', { location: file });
    const resources = [{ name: 'ledger', syncMode: 'incremental_append', cursorField: 'id' }];
    const first = await runToEnd(service.api, source.id, destination.id, 30_000, { namespace: null, resources });
    expect(counts(first)).toEqual({ ledger: 2 });
    writeFileSync(file, 'id,amount\n1,10\n2,20\n3,30\n');
    const second = await runAgain(service.api, first.flow);
    expect(second.resources[0]).toMatchObject({ extracted: 1, loaded: 1 });
    expect(await duckQuery(path, 'SELECT id, amount FROM ledger ORDER BY id')).toEqual([
      [1n, 10n],
      [2n, 20n],
      [3n, 30n],
    ]);
  });

  it('reads a URL with another delimiter, and a file without a header as column_1, column_2...', async () => {
    const path = join(folder, 'csv2.duckdb');
    const destination = await createDestination(service.api, 'duckdb', { path });
    const remote = await createSource(service.api, 'csv', { location: `${api.url}/files/prices.csv`, delimiter: ';' });
    expect(counts(await runToEnd(service.api, remote.id, destination.id, 30_000, { namespace: null }))).toEqual({ prices: 2 });
    expect(await duckQuery(path, 'SELECT sku, price, on_sale FROM prices ORDER BY sku')).toEqual([
      ['A-1', 9.5, true],
      ['B-2', 12, false],
    ]);

    const file = join(folder, 'raw.csv');
    writeFileSync(file, 'x,1\ny,2\n');
    const headerless = await createSource(service.api, 'csv', { location: file, header: false });
    expect(counts(await runToEnd(service.api, headerless.id, destination.id, 30_000, { namespace: null }))).toEqual({ raw: 2 });
    expect(await duckQuery(path, 'SELECT column_1, column_2 FROM raw ORDER BY column_1')).toEqual([
      ['x', 1n],
      ['y', 2n],
    ]);
  });
});
