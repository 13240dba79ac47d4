import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { verificationMessageSchema } from '@/api/destinations';
import { resolverListSchema } from '@/api/resolvers';
import { counts, createDestination, createExternalDatabase, createSource, duckQuery, postgresProperties, runAgain, runToEnd, sql } from './connector-fixtures';
import { eventually, startHarness } from './harness';

// Embedded Postgres as a source and as a destination (a server other than the service's own), and
// DuckDB files in the allowed folder: real systems end to end.

const service = await startHarness();
const sourceDb = await createExternalDatabase();
const targetDb = await createExternalDatabase();
const folder = service.filesDir;
afterAll(async () => {
  await service.stop();
  await sourceDb.drop();
  await targetDb.drop();
});
const { api } = service;
/** Modes that append each run's rows to the table (a flow's resources). */
const appending = (names: string[]) => names.map((name) => ({ name, syncMode: 'full_refresh_append' }));

await sql(
  sourceDb.url,
  `
  CREATE SCHEMA shop;
  CREATE TABLE shop.orders (id bigint PRIMARY KEY, customer text, amount numeric(10,2), paid boolean, placed_at timestamptz, details jsonb);
  INSERT INTO shop.orders SELECT n, 'customer ' || (n % 17), n * 1.5, n % 2 = 0, timestamptz '2026-01-01 00:00:00+00' + n * interval '1 hour', jsonb_build_object('n', n)
    FROM generate_series(1, 12345) AS n;
  CREATE VIEW shop.big_orders AS SELECT id, amount FROM shop.orders WHERE amount > 15000;
`,
);

describe('postgres source', () => {
  it('discovers the tables and views of its schema', async () => {
    const source = await createSource(api, 'postgres', postgresProperties(sourceDb.url, { schema: 'shop' }));
    const resolvers = await eventually(async () => {
      const list = dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
    });
    expect(resolvers.resolvers.map((resolver) => [resolver.name, resolver.category])).toEqual([
      ['big_orders', 'view'],
      ['orders', 'table'],
    ]);
    expect(resolvers.discoveryRequired).toBe(false);
  });

  it('is discovered again when its properties change', async () => {
    const source = await createSource(api, 'postgres', postgresProperties(sourceDb.url, { schema: 'shop' }));
    await eventually(async () =>
      dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(source.id)}/resolvers`)).body).discoveryStatus?.status === 'succeeded'
        ? true
        : undefined,
    );
    await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { schema: 'public' } } });
    const after = await eventually(async () => {
      const list = dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
    });
    expect(after.resolvers.filter((resolver) => resolver.type === 'dynamic')).toEqual([]);
  });
});

describe('postgres → duckdb', () => {
  it('verifies the DuckDB file, moves every row with its types, and appends on the next run', async () => {
    const path = join(folder, 'warehouse.duckdb');
    const source = await createSource(api, 'postgres', postgresProperties(sourceDb.url, { schema: 'shop' }));
    const destination = await createDestination(api, 'duckdb', { path });
    const messages = dataOf(listOf(verificationMessageSchema)).parse((await api(`/v2/destinations/${String(destination.id)}/verify`)).body);
    expect(messages.every((message) => !message.isError)).toBe(true);
    expect(messages.map((message) => message.name)).toEqual(['connection', 'schema']);

    // Into the destination's own schema, each table appended to at every run.
    const attempt = await runToEnd(api, source.id, destination.id, 30_000, { namespace: null, resources: appending(['big_orders', 'orders']) });
    expect(attempt.disposition).toBe('succeeded');
    expect(counts(attempt)).toEqual({ big_orders: 2345, orders: 12345 });
    expect(attempt.resources.every((resource) => resource.extracted === resource.loaded && resource.analyzed === resource.loaded)).toBe(true);

    const columns = await duckQuery(
      path,
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position",
    );
    expect(columns).toEqual([
      ['id', 'BIGINT'],
      ['customer', 'VARCHAR'],
      ['amount', 'VARCHAR'],
      ['paid', 'BOOLEAN'],
      ['placed_at', 'TIMESTAMP WITH TIME ZONE'],
      ['details', 'VARCHAR'],
      ['_flowdeck_extracted_at', 'TIMESTAMP WITH TIME ZONE'],
      ['_flowdeck_attempt_id', 'BIGINT'],
    ]);
    expect(await duckQuery(path, "SELECT count(*), max(id), strftime(max(placed_at), '%Y-%m-%d') FROM orders")).toEqual([[12345n, 12345n, '2027-05-30']]);

    const again = await runAgain(api, attempt.flow);
    expect(again.disposition).toBe('succeeded');
    expect(await duckQuery(path, 'SELECT count(*) FROM orders')).toEqual([[24690n]]);
  });
});

describe('sample → postgres', () => {
  it('creates the target tables from the analyzed schema and evolves them when a column appears', async () => {
    const destination = await createDestination(api, 'postgres', postgresProperties(targetDb.url, { schema: 'loaded' }));
    const sample = await createSource(api, 'sample', { row_count: 2_000, seed: 3 });
    const attempt = await runToEnd(api, sample.id, destination.id, 30_000, { namespace: null, resources: appending(['customers', 'products', 'orders']) });
    expect(attempt.disposition).toBe('succeeded');
    expect(counts(attempt)).toEqual({ customers: 400, products: 100, orders: 1500 });
    expect(await sql(targetDb.url, 'SELECT count(*)::int AS n FROM loaded.orders')).toEqual([{ n: 1500 }]);

    // A table that lacks a column the source now has: the load adds it.
    await sql(targetDb.url, 'ALTER TABLE loaded.products DROP COLUMN in_stock');
    const second = await runAgain(api, attempt.flow);
    expect(second.disposition).toBe('succeeded');
    const types = await sql<{ column_name: string; data_type: string }>(
      targetDb.url,
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'loaded' AND table_name = 'products' ORDER BY ordinal_position",
    );
    expect(types.map((column) => `${column.column_name}:${column.data_type}`)).toEqual([
      'id:bigint',
      'name:text',
      'price_cents:bigint',
      '_flowdeck_extracted_at:timestamp with time zone',
      '_flowdeck_attempt_id:bigint',
      'in_stock:boolean',
    ]);
    expect(await sql(targetDb.url, 'SELECT count(*)::int AS n, count(in_stock)::int AS with_stock FROM loaded.products')).toEqual([
      { n: 200, with_stock: 100 },
    ]);
  });
});
