import { afterAll, describe, expect, it } from 'vitest';
import { isIncremental, SYNC_MODES, type SyncMode } from '@/api/tables';
import { destinationModes } from '@/service-rules/table-modes';
import { createExternalDatabase, createSource, postgresProperties, runAgain } from './connector-fixtures';
import { KINDS, type Kind } from './destination-fixtures';
import { createFlow, eventuallyRunning, expectStatus, listAttempts } from './fixtures';
import { changeItems, cursorOf, destinationsIn, itemsTable, keptAs, serviceDestination } from './flow-table-fixtures';
import { eventually, startHarness } from './harness';

// Issue 29's matrix, through the service over HTTP: for each destination and each mode it honours, two
// runs of a Postgres table with rows changed and added in between leave exactly the rows the mode keeps
// (no duplicates, the newest value per key, nothing lost), each counted as the destination keeps it, and
// the cursor where the rows end. A run cancelled mid-load leaves the previous table whole and its cursor
// unchanged; the tables that committed before the cancel stay, and the counts say which did.

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
const targets = {
  postgres: await serviceDestination(api, destinations, 'postgres', 'matrix'),
  duckdb: await serviceDestination(api, destinations, 'duckdb', 'matrix'),
  files: await serviceDestination(api, destinations, 'files', 'matrix'),
};

const ROWS = 5;
const first = Array.from({ length: ROWS }, (_, index) => index + 1);

/** What each mode keeps after the second run: ids, names and the attempt that wrote each row. */
function expectedRows(mode: SyncMode, one: number, two: number) {
  const firstRun = first.map((id) => ({ id, name: 'first', attempt: one }));
  const now = [...first, ROWS + 1, ROWS + 2].map((id) => ({ id, name: id === 2 ? 'changed' : 'first', attempt: two }));
  const changed = now.filter((row) => row.id === 2 || row.id > ROWS);
  const byRow = (a: { id: number; attempt: number }, b: { id: number; attempt: number }) => a.id - b.id || a.attempt - b.attempt;
  if (mode === 'full_refresh_overwrite') return now;
  if (mode === 'full_refresh_append') return [...firstRun, ...now].sort(byRow);
  if (mode === 'incremental_append') return [...firstRun, ...changed].sort(byRow);
  return [...firstRun.filter((row) => row.id !== 2), ...changed].sort(byRow);
}

/** Rows the second run reads and keeps: everything for a full refresh, the changed and added rows past the cursor otherwise. */
const secondRunRows = (mode: SyncMode) => (isIncremental(mode) ? 3 : ROWS + 2);

const CASES = KINDS.flatMap((kind) => destinationModes(kind).map((mode): [Kind, SyncMode] => [kind, mode]));

describe('two runs with rows added and changed in between', () => {
  it('covers every destination with every mode it honours (files: not incremental_deduped)', () => {
    expect(CASES).toHaveLength(3 * SYNC_MODES.length - 1);
  });

  it.each(CASES)('%s, %s: the table holds exactly what the mode keeps, counted as kept', async (kind, mode) => {
    const schema = `src_${kind}_${mode}`;
    await itemsTable(sourceDb.url, schema, ROWS);
    const source = await createSource(api, 'postgres', postgresProperties(sourceDb.url, { schema }));
    const resource = {
      name: 'items',
      syncMode: mode,
      cursorField: isIncremental(mode) ? 'seq' : null,
      primaryKey: mode === 'incremental_deduped' ? ['id'] : null,
    };
    const flow = await createFlow(api, source.id, targets[kind].id, { displayName: `${kind} ${mode}`, resources: [resource] });
    const namespace = flow.namespace ?? '';
    expect(flow.resources).toEqual([{ ...resource }]);

    const one = await runAgain(api, flow.id);
    expect(one).toMatchObject({ disposition: 'succeeded', resources: [{ name: 'items', extracted: ROWS, written: ROWS, loaded: ROWS, committed: true }] });
    expect(keptAs(await targets[kind].rows(namespace, 'items'))).toEqual(first.map((id) => ({ id, name: 'first', attempt: one.id })));
    expect(await cursorOf(api, flow.id, 'items')).toBe(isIncremental(mode) ? ROWS : null);

    await changeItems(sourceDb.url, schema, ROWS);
    const two = await runAgain(api, flow.id);
    const read = secondRunRows(mode);
    expect(two).toMatchObject({ disposition: 'succeeded', resources: [{ name: 'items', extracted: read, written: read, loaded: read, committed: true }] });
    expect(keptAs(await targets[kind].rows(namespace, 'items'))).toEqual(expectedRows(mode, one.id, two.id));
    expect(await cursorOf(api, flow.id, 'items')).toBe(isIncremental(mode) ? ROWS + 3 : null);
    expect(await targets[kind].leftovers(namespace)).toEqual([]);

    // A third run with nothing new: incremental modes read nothing and keep their cursor; full refreshes read everything again.
    const three = await runAgain(api, flow.id);
    expect(three.resources[0]?.extracted).toBe(isIncremental(mode) ? 0 : ROWS + 2);
    if (isIncremental(mode)) expect(keptAs(await targets[kind].rows(namespace, 'items'))).toEqual(expectedRows(mode, one.id, two.id));
    expect(await cursorOf(api, flow.id, 'items')).toBe(isIncremental(mode) ? ROWS + 3 : null);
  });
});

describe('a run cancelled mid-load', () => {
  it.each(KINDS)('%s: leaves the table in hand as it was and its cursor unchanged; the tables committed before stay', async (kind) => {
    const source = await createSource(api, 'sample', { row_count: 100 });
    // orders, the last and largest table, is loaded incrementally (merged by key where the destination can).
    const ordersMode: SyncMode = kind === 'files' ? 'incremental_append' : 'incremental_deduped';
    const resources = [
      { name: 'customers', syncMode: 'full_refresh_overwrite' },
      { name: 'products', syncMode: 'full_refresh_append' },
      { name: 'orders', syncMode: ordersMode, cursorField: 'id', primaryKey: ordersMode === 'incremental_deduped' ? ['id'] : null },
    ];
    const flow = await createFlow(api, source.id, targets[kind].id, { displayName: `cancel ${kind}`, resources });
    const namespace = flow.namespace ?? '';
    const one = await runAgain(api, flow.id);
    expect(one.disposition).toBe('succeeded');
    const ordersBefore = keptAs(await targets[kind].rows(namespace, 'orders'));
    expect(ordersBefore).toHaveLength(75);
    expect(await cursorOf(api, flow.id, 'orders')).toBe(75);

    // 75,000 orders at 50,000 a second: orders is in hand for more than a second.
    expectStatus(
      await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { row_count: 100_000, rows_per_second: 50_000 } } }),
      200,
    );
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await eventuallyRunning(api, flow.id, (attempt) => attempt.resources.some((resource) => resource.name === 'orders' && resource.written > 0));
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);

    // Once the runner has rolled orders back, the attempt says exactly what was kept and what was not.
    const cancelled = await eventually(async () => {
      const [attempt] = await listAttempts(api, flow.id, '?limit=1');
      const orders = attempt?.resources.find((resource) => resource.name === 'orders');
      return orders && (await targets[kind].leftovers(namespace)).length === 0 ? attempt : undefined;
    });
    expect(cancelled.errors).toEqual(['Cancelled by user.']);
    expect(cancelled.resources).toEqual([
      expect.objectContaining({ name: 'customers', loaded: 20_000, committed: true }),
      expect.objectContaining({ name: 'products', loaded: 5_000, committed: true }),
      expect.objectContaining({ name: 'orders', loaded: 0, committed: false }),
    ]);
    expect(cancelled.resources[2]?.written).toBeGreaterThan(0);
    expect(keptAs(await targets[kind].rows(namespace, 'orders'))).toEqual(ordersBefore);
    expect(await cursorOf(api, flow.id, 'orders')).toBe(75);
    // The tables that committed before the cancel are this run's.
    expect((await targets[kind].rows(namespace, 'customers'))?.every((row) => row.attempt === cancelled.id)).toBe(true);
    expect(await targets[kind].rows(namespace, 'customers')).toHaveLength(20_000);
  });
});
