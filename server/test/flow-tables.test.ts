import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alertDeliverySchema } from '@/api/alerts';
import { dataOf, listOf } from '@/api/common';
import { flowSchema } from '@/api/flows';
import { resolverListSchema } from '@/api/resolvers';
import { createExternalDatabase, createSource, postgresProperties, runAgain, sql } from './connector-fixtures';
import { attemptEnded, BAD_REQUEST, createFlow, eventuallyRunning, expectError, expectStatus, expectWrapped, listAttempts } from './fixtures';
import { changeItems, cursorOf, destinationsIn, flowState, itemsTable, keptAs, serviceDestination } from './flow-table-fixtures';
import { eventually, startHarness } from './harness';

// How flows keep their tables, through the service over HTTP: what saving a flow refuses (and why), the
// namespace a new flow gets, two flows never writing one table, the state of each table with its reset
// and re-sync, schema changes under both policies (and the alert), loads that wait for a DuckDB file
// another load holds, and loads started together into one destination.

const service = await startHarness();
const sourceDb = await createExternalDatabase();
const targetDb = await createExternalDatabase();
afterAll(async () => {
  await service.stop();
  await sourceDb.drop();
  await targetDb.drop();
});
const { api } = service;
const destinations = destinationsIn(service.filesDir, targetDb);
const postgres = await serviceDestination(api, destinations, 'postgres', 'tables');
const duckdb = await serviceDestination(api, destinations, 'duckdb', 'tables');
const files = await serviceDestination(api, destinations, 'files', 'tables');

let schemas = 0;
/** A postgres source over a new `items` table (ids 1..rows), discovered (its columns, key and cursors known). */
async function itemsSource(rows = 5) {
  schemas += 1;
  const schema = `items_${String(schemas)}`;
  await itemsTable(sourceDb.url, schema, rows);
  const source = await createSource(api, 'postgres', postgresProperties(sourceDb.url, { schema }));
  await discovered(source.id);
  return { source, schema };
}

async function discovered(sourceId: number) {
  return eventually(async () => {
    const list = dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(sourceId)}/resolvers`)).body);
    return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
  });
}

const post = (body: Record<string, unknown>) => api('/v2/flows', { method: 'POST', body: { displayName: 'Flow', ...body } });
const incremental = (syncMode: string, extra: Record<string, unknown> = {}) => ({ name: 'items', syncMode, cursorField: 'seq', ...extra });

describe('saving a flow refuses, with a 400 that says why', () => {
  it('a mode the destination cannot honour: files keeps every row it is given', async () => {
    const { source } = await itemsSource();
    const answer = await post({ source: source.id, destination: files.id, resources: [incremental('incremental_deduped', { primaryKey: ['id'] })] });
    expectError(answer, 400, /^Bad Request: The files destination keeps every row it is given; it cannot keep one row per key\. Choose .* for “items”\.$/);
    // Moving a flow with such a mode to a files destination is refused the same way.
    const flow = await createFlow(api, source.id, postgres.id, { resources: [incremental('incremental_deduped', { primaryKey: ['id'] })] });
    expectError(await api(`/v2/flows/${String(flow.id)}`, { method: 'PATCH', body: { destination: files.id } }), 400, /files destination keeps every row/);
  });

  it('a mode the source cannot honour: a REST API reads incrementally only with its cursor parameter', async () => {
    const rest = await createSource(api, 'rest_api', { base_url: 'http://127.0.0.1:9/v1', endpoints: 'items', token: 't' });
    const body = { source: rest.id, destination: postgres.id, resources: [{ name: 'items', syncMode: 'incremental_append', cursorField: 'updated_at' }] };
    expectError(await post(body), 400, /cursor_param\) is set: choose full_refresh_overwrite or full_refresh_append/);
    expectStatus(await api(`/v2/sources/${String(rest.id)}`, { method: 'PATCH', body: { properties: { cursor_param: 'updated_since' } } }), 200);
    expectStatus(await post(body), 201);
  });

  it('an incremental mode without a cursor field, or with one that cannot serve; deduped without a key', async () => {
    const { source } = await itemsSource();
    const on = (resource: Record<string, unknown>) => post({ source: source.id, destination: postgres.id, resources: [resource] });
    expectError(await on({ name: 'items', syncMode: 'incremental_append' }), 400, /“items”: incremental_append needs a cursor field/);
    expectError(await on(incremental('incremental_append', { cursorField: 'name' })), 400, /“name” cannot serve as a cursor; choose one of “id”, “seq”\./);
    expectError(await on(incremental('incremental_deduped', { primaryKey: ['sku'] })), 400, /the primary key names “sku”, which it does not have/);
    // The table's own key serves when none is chosen.
    const own = dataOf(flowSchema).parse(expectStatus(await on(incremental('incremental_deduped')), 201).body);
    expect(own.resources).toEqual([{ name: 'items', syncMode: 'incremental_deduped', cursorField: 'seq', primaryKey: null }]);
    // A CSV file has no key of its own: deduped needs one chosen.
    writeFileSync(join(service.filesDir, 'keyless.csv'), 'id,seq\n1,1\n');
    const csv = await createSource(api, 'csv', { location: 'keyless.csv' });
    await discovered(csv.id);
    const keyless = await post({
      source: csv.id,
      destination: postgres.id,
      resources: [{ name: 'keyless', syncMode: 'incremental_deduped', cursorField: 'seq' }],
    });
    expectError(keyless, 400, /“keyless”: incremental_deduped needs a primary key/);
  });

  it('a resource the source does not have, a resource named twice, a namespace that is no identifier', async () => {
    const { source } = await itemsSource();
    expectError(
      await post({ source: source.id, destination: postgres.id, resources: [{ name: 'orders', syncMode: 'full_refresh_append' }] }),
      400,
      'Bad Request: This source has no resource named “orders”.',
    );
    const twice = [
      { name: 'items', syncMode: 'full_refresh_append' },
      { name: 'items', syncMode: 'full_refresh_overwrite' },
    ];
    expectError(await post({ source: source.id, destination: postgres.id, resources: twice }), 400, /Name each resource once/);
    for (const namespace of ['a b', '1st', '../up', 'x'.repeat(64)]) {
      expectError(await post({ source: source.id, destination: postgres.id, namespace }), 400, BAD_REQUEST);
    }
    expectError(await post({ source: source.id, destination: postgres.id, resources: [{ name: 'items', syncMode: 'sometimes' }] }), 400, BAD_REQUEST);
  });
});

describe('namespaces and tables', () => {
  it('gives a new flow a namespace of its own, named after it, unique among its destination’s flows', async () => {
    const { source } = await itemsSource();
    const one = await createFlow(api, source.id, postgres.id, { displayName: 'Orders sync' });
    const two = await createFlow(api, source.id, postgres.id, { displayName: 'Orders sync' });
    expect([one.namespace, two.namespace]).toEqual(['orders_sync', 'orders_sync_2']);
    // Named in a DuckDB file called like it, it skips the file's catalog name.
    const inDuck = await createFlow(api, source.id, duckdb.id, { displayName: 'Tables' });
    expect(inDuck.namespace).toBe('tables_2');
    expectError(await post({ source: source.id, destination: duckdb.id, namespace: 'tables' }), 400, /DuckDB file's catalogs/);
    // A flow may write into the destination's own schema (null), as flows made before namespaces do.
    const plain = await createFlow(api, source.id, postgres.id, { namespace: null, tablePrefix: 'raw_' });
    expect(plain).toMatchObject({ namespace: null, tablePrefix: 'raw_' });
    expect((await flowState(api, plain.id)).map((table) => table.table)).toEqual(['public.raw_items']);
  });

  it('refuses a second flow that would write the same table, naming the flow that writes it', async () => {
    const { source } = await itemsSource();
    const first = await createFlow(api, source.id, postgres.id, { displayName: 'Items owner', namespace: 'shared_ns' });
    const sentence = `Flow “Items owner” (#${String(first.id)}) already writes shared_ns.items in this destination.`;
    expectError(await post({ source: source.id, destination: postgres.id, namespace: 'shared_ns' }), 400, sentence);
    const other = await createFlow(api, source.id, postgres.id);
    expectError(await api(`/v2/flows/${String(other.id)}`, { method: 'PATCH', body: { namespace: 'shared_ns' } }), 400, sentence);
    // A prefix of its own keeps its tables apart.
    expectStatus(await api(`/v2/flows/${String(other.id)}`, { method: 'PATCH', body: { namespace: 'shared_ns', tablePrefix: 'copy_' } }), 200);
  });

  it('writes two flows with a resource of the same name apart, never into one table', async () => {
    const a = await itemsSource(3);
    const b = await itemsSource(4);
    const flowA = await createFlow(api, a.source.id, duckdb.id, { displayName: 'Apart A' });
    const flowB = await createFlow(api, b.source.id, duckdb.id, { displayName: 'Apart B' });
    const [runA, runB] = await Promise.all([runAgain(api, flowA.id), runAgain(api, flowB.id)]);
    expect([runA.disposition, runB.disposition]).toEqual(['succeeded', 'succeeded']);
    expect((await duckdb.rows('apart_a', 'items'))?.map((row) => row.attempt)).toEqual([runA.id, runA.id, runA.id]);
    expect((await duckdb.rows('apart_b', 'items'))?.map((row) => row.attempt)).toEqual([runB.id, runB.id, runB.id, runB.id]);
  });

  it('fails a resource whose table another flow has claimed at run time, with the same sentence', async () => {
    const { source } = await itemsSource();
    const owner = await createFlow(api, source.id, postgres.id, { displayName: 'Claimed first' });
    const flow = await createFlow(api, source.id, postgres.id, { displayName: 'Claims late' });
    // Another flow's claim the checks at save time could not have seen (its source was discovered later).
    await service.sql('INSERT INTO destination_tables (destination_id, namespace, table_name, flow_id) VALUES ($1, $2, $3, $4)', [
      postgres.id,
      flow.namespace,
      'items',
      owner.id,
    ]);
    const attempt = await runAgain(api, flow.id);
    expect(attempt).toMatchObject({
      disposition: 'failed',
      errors: [`items: Flow “Claimed first” (#${String(owner.id)}) already writes claims_late.items in this destination.`],
    });
    expect(await postgres.rows('claims_late', 'items')).toBeNull();
  });
});

describe('the state of a flow’s tables', () => {
  it('shows each table’s target, mode, key, cursor and columns; reset forgets a cursor, re-sync replaces the table', async () => {
    const { source, schema } = await itemsSource();
    const flow = await createFlow(api, source.id, postgres.id, { displayName: 'Stateful', resources: [incremental('incremental_append')] });
    const before = await flowState(api, flow.id);
    expect(before).toEqual([
      {
        resource: 'items',
        table: 'stateful.items',
        syncMode: 'incremental_append',
        cursorField: 'seq',
        primaryKey: null,
        cursor: null,
        updatedAt: null,
        columns: null,
        schemaChange: null,
      },
    ]);
    const one = await runAgain(api, flow.id);
    const [after] = await flowState(api, flow.id);
    expect(after).toMatchObject({ cursor: 5, schemaChange: null });
    expect(after?.updatedAt).not.toBeNull();
    expect(after?.columns?.map((column) => column.name)).toEqual(['id', 'name', 'seq']);

    expectError(await api(`/v2/flows/${String(flow.id)}/state?resource=orders`, { method: 'DELETE' }), 404, 'Not Found');
    expect(expectStatus(await api(`/v2/flows/${String(flow.id)}/state?resource=items`, { method: 'DELETE' }), 200).body).toEqual({
      message: 'State of items reset: its next run reads it in full.',
    });
    expect(await cursorOf(api, flow.id, 'items')).toBeNull();
    // Reset keeps the rows: appending from no cursor reads every row again, as the user was told.
    const two = await runAgain(api, flow.id);
    expect(two.resources[0]).toMatchObject({ extracted: 5, loaded: 5 });
    expect(keptAs(await postgres.rows('stateful', 'items'))?.map((row) => row.attempt)).toEqual([
      one.id,
      two.id,
      one.id,
      two.id,
      one.id,
      two.id,
      one.id,
      two.id,
      one.id,
      two.id,
    ]);

    await changeItems(sourceDb.url, schema, 5);
    expectError(await api(`/v2/flows/${String(flow.id)}/resync`, { method: 'POST', body: { resources: ['orders'] } }), 400, /no resource named “orders”/);
    const resync = expectStatus(await api(`/v2/flows/${String(flow.id)}/resync`, { method: 'POST', body: { resources: ['items'] } }), 201);
    expect(resync.body).toEqual({ message: 'Created' });
    expect(await cursorOf(api, flow.id, 'items')).toBeNull();
    const three = await attemptEnded(api, flow.id);
    // The table replaced: exactly the source's rows, all of this run.
    expect(keptAs(await postgres.rows('stateful', 'items'))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: id === 2 ? 'changed' : 'first', attempt: three.id })),
    );
    expect(await cursorOf(api, flow.id, 'items')).toBe(8);
    // Its next run goes on from the cursor the re-sync saved.
    expect((await runAgain(api, flow.id)).resources[0]?.extracted).toBe(0);
  });

  it('refuses a re-sync while the flow runs, as run does; resets every table without a name', async () => {
    const slow = await createSource(api, 'sample', { row_count: 2_000, rows_per_second: 500 });
    const flow = await createFlow(api, slow.id, files.id, { displayName: 'Busy' });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, flow.id);
    expectError(await api(`/v2/flows/${String(flow.id)}/resync`, { method: 'POST', body: {} }), 400, `Flow ${String(flow.id)} is already running.`);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    expect(expectStatus(await api(`/v2/flows/${String(flow.id)}/state`, { method: 'DELETE' }), 200).body).toEqual({
      message: 'State of 3 resources reset: their next run reads them in full.',
    });
  });
});

describe('schema changes', () => {
  it('propagate: a column added at the source is added to the table and shown as the last change', async () => {
    const { source, schema } = await itemsSource();
    const flow = await createFlow(api, source.id, duckdb.id, { displayName: 'Grows', resources: [incremental('incremental_append')] });
    await runAgain(api, flow.id);
    await sql(sourceDb.url, `ALTER TABLE "${schema}".items ADD COLUMN color text; UPDATE "${schema}".items SET color = 'red', seq = 10 WHERE id = 1`);
    const attempt = await runAgain(api, flow.id);
    expect(attempt.disposition).toBe('succeeded');
    const [table] = await flowState(api, flow.id);
    expect(table?.schemaChange).toMatchObject({ added: [{ name: 'color', type: 'text' }], removed: [], changed: [] });
    expect(table?.columns?.map((column) => column.name)).toContain('color');
  });

  it('pause: the run fails listing the change, the flow pauses, nothing is kept, and the Schema changed alert fires', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        response.end('ok');
      });
    });
    await new Promise<void>((resolveListen) => receiver.listen(0, '127.0.0.1', resolveListen));
    try {
      const url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hooks/schema`;
      const channel = expectWrapped(
        await api('/v2/alerts/channels', {
          method: 'POST',
          body: { kind: 'webhook', name: 'Schema watch', url, signingSecret: 'a-signing-secret-of-32-characters', events: ['schema_changed'] },
        }),
        201,
      ) as { id: number };
      const { source, schema } = await itemsSource();
      const flow = await createFlow(api, source.id, postgres.id, {
        displayName: 'Strict',
        schemaChanges: 'pause',
        resources: [incremental('incremental_append')],
      });
      const one = await runAgain(api, flow.id);
      await sql(
        sourceDb.url,
        `ALTER TABLE "${schema}".items DROP COLUMN name, ADD COLUMN size integer; UPDATE "${schema}".items SET seq = 10, size = 3 WHERE id = 1`,
      );
      const stopped = await runAgain(api, flow.id);
      expect(stopped.disposition).toBe('failed');
      expect(stopped.errors).toEqual([
        'items: The columns of strict.items changed: size (bigint) added, name removed. The flow pauses on schema changes, so nothing of this load was kept.',
      ]);
      expect(stopped.resources[0]).toMatchObject({ loaded: 0, committed: false });
      const [paused] = dataOf(listOf(flowSchema))
        .parse((await api('/v2/flows?limit=1000')).body)
        .filter((candidate) => candidate.id === flow.id);
      expect(paused?.paused).toBe(true);
      expect(keptAs(await postgres.rows('strict', 'items'))?.map((row) => row.attempt)).toEqual([one.id, one.id, one.id, one.id, one.id]);
      expect(await cursorOf(api, flow.id, 'items')).toBe(5);
      expect((await flowState(api, flow.id))[0]?.schemaChange).toMatchObject({ added: [{ name: 'size', type: 'bigint' }], removed: ['name'] });

      await service.service.runs?.checkAlerts();
      const deliveries = await eventually(async () => {
        const list = dataOf(listOf(alertDeliverySchema)).parse((await api(`/v2/alerts/channels/${String(channel.id)}/deliveries`)).body);
        return list.some((delivery) => delivery.status === 'delivered') ? list : undefined;
      });
      expect(deliveries.map((delivery) => [delivery.event, delivery.flow])).toEqual([['schema_changed', flow.id]]);
      expect(received.join('')).toContain('is paused: the columns of its source changed');
    } finally {
      receiver.close();
    }
  });
});

describe('loads into one destination at once', () => {
  it('a load waiting for a DuckDB file another load holds says so, then both succeed', async () => {
    const slow = await createSource(api, 'sample', { row_count: 20_000, rows_per_second: 10_000 });
    const quick = await createSource(api, 'sample', { row_count: 100 });
    const holder = await createFlow(api, slow.id, duckdb.id, { displayName: 'Holder' });
    const waiter = await createFlow(api, quick.id, duckdb.id, { displayName: 'Waiter' });
    expectStatus(await api(`/v2/flows/${String(holder.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, holder.id, (attempt) => attempt.resources.some((resource) => resource.written > 0));
    expectStatus(await api(`/v2/flows/${String(waiter.id)}/run`, { method: 'POST' }), 201);
    const waiting = await eventuallyRunning(api, waiter.id, (attempt) => attempt.waitingFor !== null);
    expect(waiting.waitingFor).toBe('Waiting for “Test duckdb”: another load into the same DuckDB file');
    const [held, waited] = [await attemptEnded(api, holder.id), await attemptEnded(api, waiter.id)];
    expect([held.disposition, waited.disposition]).toEqual(['succeeded', 'succeeded']);
    expect(waited.waitingFor).toBeNull();
  });

  it.each([
    { kind: 'duckdb', into: 'one DuckDB file' },
    { kind: 'postgres', into: 'one fresh Postgres schema' },
  ] as const)('five flows started together into $into all succeed', async ({ kind }) => {
    const target = kind === 'duckdb' ? await serviceDestination(api, destinations, 'duckdb', 'five') : postgres;
    const flows = [];
    for (let index = 0; index < 5; index += 1) {
      const source = await createSource(api, 'sample', { row_count: 1_000 * (index + 1) });
      // DuckDB: each flow in a schema of its own, made at once; Postgres: all in one new schema, apart by prefix.
      const where = kind === 'postgres' ? { namespace: 'fresh_five', tablePrefix: `f${String(index)}_` } : {};
      flows.push(await createFlow(api, source.id, target.id, { displayName: `Five ${String(index)}`, ...where }));
    }
    const attempts = await Promise.all(flows.map((flow) => runAgain(api, flow.id, 60_000)));
    expect(attempts.map((attempt) => [attempt.disposition, attempt.errors])).toEqual(flows.map(() => ['succeeded', []]));
    for (const [index, flow] of flows.entries()) {
      const table = kind === 'postgres' ? `f${String(index)}_orders` : 'orders';
      expect(await target.rows(flow.namespace ?? '', table)).toHaveLength(750 * (index + 1));
    }
    expect(await listAttempts(api, flows[0]?.id ?? 0)).toHaveLength(1);
  });
});
