import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFlowState, resetFlowState, resyncFlow } from '@/api/flow-state';
import { createFlow, listFlows, listRunAttempts, runFlow, updateFlow } from '@/api/flows';
import { getResolvers } from '@/api/resolvers';
import { mockService } from '@/test/server';
import { apiError, signIn } from './api-test-helpers';

// The mock keeps a flow's tables as the service does (src/service-rules/flow-tables.ts, table-modes.ts,
// table-claims.ts): its namespace, the modes it may save, each table's state and its re-sync.

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const message = async (call: Promise<unknown>) => (await apiError(call)).message;

describe('a new flow', () => {
  it('gets a namespace named from it, unique among its destination’s flows, and loads its resources replaced', async () => {
    const first = await createFlow({ displayName: 'Orders copy', source: 1, destination: 1 });
    const second = await createFlow({ displayName: 'Orders copy', source: 1, destination: 1 });
    const elsewhere = await createFlow({ displayName: 'Orders copy', source: 1, destination: 2 });
    expect([first.namespace, second.namespace, elsewhere.namespace]).toEqual(['orders_copy', 'orders_copy_2', 'orders_copy']);
    // Its audit log is turned off (suppressed by discovery): not loaded.
    expect(first.resources).toEqual(
      ['orders', 'order_items', 'customers'].map((name) => ({ name, syncMode: 'full_refresh_overwrite', cursorField: null, primaryKey: null })),
    );
  });

  it('is refused a mode its source or destination cannot honour, saying why', async () => {
    expect(
      await message(
        createFlow({ displayName: 'x', source: 5, destination: 3, resources: [{ name: 'events', syncMode: 'incremental_deduped', cursorField: 'id' }] }),
      ),
    ).toBe(
      'Bad Request: The files destination keeps every row it is given; it cannot keep one row per key. Choose full_refresh_overwrite, full_refresh_append or incremental_append for “events”.',
    );
    expect(
      await message(
        createFlow({
          displayName: 'x',
          source: 3,
          destination: 1,
          resources: [{ name: 'invoices', syncMode: 'incremental_append', cursorField: 'updated_at' }],
        }),
      ),
    ).toBe(
      'Bad Request: Resource “invoices”: A REST API source reads every record on each run unless its Cursor parameter (cursor_param) is set: choose full_refresh_overwrite or full_refresh_append.',
    );
    expect(
      await message(
        createFlow({ displayName: 'x', source: 5, destination: 1, resources: [{ name: 'events', syncMode: 'incremental_append', cursorField: 'kind' }] }),
      ),
    ).toBe('Bad Request: Resource “events”: “kind” cannot serve as a cursor; choose one of “id”, “user_id”, “occurred_at”.');
    expect(await message(createFlow({ displayName: 'x', source: 5, destination: 1, resources: [{ name: 'nope', syncMode: 'full_refresh_append' }] }))).toBe(
      'Bad Request: This source has no resource named “nope”.',
    );
  });

  it('is refused a table another flow of the destination writes, naming that flow', async () => {
    // Orders to warehouse (#1) writes analytics.orders, analytics.order_items and analytics.customers.
    expect(await message(createFlow({ displayName: 'Second orders', source: 1, destination: 1, namespace: 'analytics' }))).toBe(
      'Flow “Orders to warehouse” (#1) already writes analytics.orders in this destination.',
    );
    const apart = await createFlow({ displayName: 'Second orders', source: 1, destination: 1, namespace: 'analytics', tablePrefix: 'copy_' });
    expect(apart.tablePrefix).toBe('copy_');
  });
});

describe('resolvers', () => {
  it('tell each resource’s columns, key and cursor candidates', async () => {
    const { resolvers } = await getResolvers(1);
    expect(resolvers.find((resolver) => resolver.name === 'orders')).toMatchObject({
      columns: expect.arrayContaining([{ name: 'updated_at', type: 'timestamp' }]) as unknown,
      primaryKey: ['id'],
      cursorCandidates: ['id', 'customer_id', 'total', 'created_at', 'updated_at'],
    });
  });
});

describe('a flow’s state', () => {
  it('has a row per resource: target, mode, the cursor its runs saved, the columns, the last schema change', async () => {
    const state = await getFlowState(1);
    expect(state.map((row) => [row.resource, row.table, row.syncMode])).toEqual([
      ['orders', 'analytics.orders', 'incremental_deduped'],
      ['order_items', 'analytics.order_items', 'incremental_append'],
      ['customers', 'analytics.customers', 'full_refresh_append'],
    ]);
    const [orders, items, customers] = state;
    expect(orders).toMatchObject({ cursorField: 'updated_at', primaryKey: null });
    expect(orders?.cursor).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(typeof items?.cursor).toBe('number');
    expect(customers).toMatchObject({ cursor: null, updatedAt: null });
    expect(customers?.columns).toEqual(expect.arrayContaining([{ name: '_flowdeck_extracted_at', type: 'timestamp' }]));
    expect(customers?.schemaChange).toMatchObject({
      added: [{ name: 'country', type: 'text' }],
      removed: ['fax'],
      changed: [{ name: 'id', from: 'integer', to: 'bigint' }],
    });
  });

  it('forgets a cursor on reset (404 for a resource the flow does not load); the next run reads in full and saves one again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await message(resetFlowState(1, 'nope'))).toBe('Not Found');
    expect((await resetFlowState(1, 'orders')).message).toBe('State of orders reset: its next run reads it in full.');
    const [orders] = await getFlowState(1);
    expect(orders).toMatchObject({ cursor: null, updatedAt: null });
    expect(orders?.columns).not.toBeNull();

    await runFlow(1);
    const [reading] = await listRunAttempts(1, { limit: 1 });
    expect(reading?.resources[0]?.extracted ?? 0).toBeLessThan(mockService.db.state.flowRuns.at(-1)?.resources[0]?.rows ?? 0);
    expect(mockService.db.state.flowRuns.at(-1)?.resources[0]?.rows).toBeGreaterThan(400);
    vi.advanceTimersByTime(mockService.db.runDurationMs);
    expect((await getFlowState(1))[0]?.cursor).not.toBeNull();
    // Read past the saved cursor, the next run moves only the rows since.
    await runFlow(1);
    expect(mockService.db.state.flowRuns.at(-1)?.resources[0]?.rows).toBeLessThan(400);
    expect((await resetFlowState(1)).message).toBe('State of 3 resources reset: their next run reads them in full.');
  });

  it('re-syncs by resetting and running once in full; refused while a run goes, or for a resource it does not load', async () => {
    expect(await message(resyncFlow(1, { resources: ['nope'] }))).toBe('Bad Request: This flow loads no resource named “nope”.');
    expect(await resyncFlow(1, { resources: ['orders'] })).toEqual({ message: null });
    expect(mockService.db.state.flowRuns.at(-1)).toMatchObject({ flow: 1, resync: ['orders'] });
    expect((await getFlowState(1))[0]?.cursor).toBeNull();
    expect(await message(resyncFlow(1))).toBe('Flow 1 is already running.');
  });

  it('follows the flow’s prefix and namespace', async () => {
    await updateFlow(7, { tablePrefix: 'raw_', namespace: 'sample' });
    expect((await getFlowState(7)).map((row) => row.table)).toEqual(['customers', 'products', 'orders', 'events', 'users'].map((name) => `sample.raw_${name}`));
    expect((await listFlows()).find((flow) => flow.id === 7)).toMatchObject({ namespace: 'sample', tablePrefix: 'raw_' });
  });
});

describe('a run into a DuckDB file another load holds', () => {
  it('waits, saying for what, then loads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await runFlow(7);
    await runFlow(1);
    const [waiting] = await listRunAttempts(1, { limit: 1 });
    expect(waiting).toMatchObject({ lifecycle: 'running', waitingFor: 'Waiting for “Analytics warehouse”: another load into the same DuckDB file' });
    expect(waiting?.resources.every((resource) => resource.extracted === 0)).toBe(true);
    vi.advanceTimersByTime(mockService.db.runDurationMs + 1_000);
    const [moving] = await listRunAttempts(1, { limit: 1 });
    expect(moving).toMatchObject({ lifecycle: 'running', waitingFor: null });
  });
});
