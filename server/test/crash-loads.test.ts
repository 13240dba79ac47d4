import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { insertApiKey, newApiKey } from '../store/api-keys';
import { type ChildService, startChildService } from './child-service';
import { createExternalDatabase, createSource } from './connector-fixtures';
import { type Kept, type Kind, leftovers, tableRows } from './destination-fixtures';
import { createFlow, expectStatus, eventuallyRunning, listAttempts } from './fixtures';
import type { RunAttempt } from '@/api/flows';
import { cursorOf, destinationsIn, serviceDestination } from './flow-table-fixtures';
import { type Api, apiClient, createTestDatabase, eventually } from './harness';

// Issue 30, item 3: counts and crashes agree. The service runs as `npm start` does, in a child process,
// and is killed with SIGKILL at ten moments of a run of two to four seconds, each told by the run's own
// progress rather than by the clock, so a slow machine moves the kills with the run (before a table
// opens, mid-load, between tables, after a commit, after the end), into each destination in turn. After
// each restart, for every table:
// the attempt's `loaded` is exactly the rows the destination keeps from that attempt (committed when
// there are any), no staging table or temporary file is left, and the saved cursor is the greatest
// value the table holds.

const database = await createTestDatabase();
const target = await createExternalDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-crash-loads-'));
const filesDir = join(dataDir, 'files');
mkdirSync(filesDir, { recursive: true });
const env = { DATABASE_URL: database.url, FLOWDECK_DATA_DIR: dataDir };
const destinations = destinationsIn(filesDir, target);
const key = newApiKey();
let child: ChildService | null = null;
afterAll(async () => {
  await child?.kill();
  await database.drop();
  await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function restart(): Promise<Api> {
  await child?.kill();
  child = await startChildService(env);
  return apiClient(child.url, key);
}

/** The run as the API tells it; a moment to kill the service is a condition on it. */
type Moment = (attempt: RunAttempt) => boolean;
const resource = (attempt: RunAttempt, name: string) => attempt.resources.find((each) => each.name === name);
const written =
  (name: string): Moment =>
  (attempt) =>
    (resource(attempt, name)?.written ?? 0) > 0;
const committed =
  (name: string): Moment =>
  (attempt) =>
    resource(attempt, name)?.committed === true;
const ended: Moment = (attempt) => attempt.lifecycle === 'not_running';
/** Loads run one table after another: customers (20% of the rows), products (5%), orders (75%, the longest). */
const KILL_WHEN: Moment[] = [
  () => true,
  written('customers'),
  written('orders'),
  committed('customers'),
  committed('products'),
  written('orders'),
  written('customers'),
  (attempt) => (resource(attempt, 'orders')?.written ?? 0) >= 10_000,
  () => true,
  ended,
];
const KINDS_IN_TURN: Kind[] = ['postgres', 'duckdb', 'files'];

interface Flow {
  id: number;
  namespace: string;
  sourceId: number;
}

/** customers replaced at each run, products merged by key (files: appended), orders appended past the cursor. */
const modesFor = (kind: Kind) => [
  { name: 'customers', syncMode: 'full_refresh_overwrite' },
  kind === 'files'
    ? { name: 'products', syncMode: 'full_refresh_append' }
    : { name: 'products', syncMode: 'incremental_deduped', cursorField: 'id', primaryKey: ['id'] },
  { name: 'orders', syncMode: 'incremental_append', cursorField: 'id' },
];
/** The tables that keep a cursor. */
const CURSORED = (kind: Kind) => new Set(modesFor(kind).flatMap((mode) => ('cursorField' in mode ? [mode.name] : [])));

async function expectCountsAgree(api: Api, kind: Kind, flow: Flow, attemptId: number): Promise<void> {
  const [attempt] = await listAttempts(api, flow.id, '?limit=1');
  expect(attempt?.id).toBe(attemptId);
  for (const resource of attempt?.resources ?? []) {
    const rows: Kept[] = (await tableRows(destinations, kind, flow.namespace, resource.name, 'crash')) ?? [];
    const kept = rows.filter((row) => row.attempt === attemptId).length;
    expect({ table: resource.name, loaded: resource.loaded, committed: resource.committed }).toEqual({
      table: resource.name,
      loaded: kept,
      committed: kept > 0,
    });
    if (CURSORED(kind).has(resource.name)) {
      const greatest = rows.reduce((most, row) => Math.max(most, row.id), 0);
      expect({ table: resource.name, cursor: await cursorOf(api, flow.id, resource.name) }).toEqual({
        table: resource.name,
        cursor: greatest === 0 ? null : greatest,
      });
    }
  }
  expect(await leftovers(destinations, kind, flow.namespace, 'crash')).toEqual([]);
}

/** Polls the run's progress closely until `moment` (or its end), so the kill lands as near to it as the machine allows. */
async function killAt(api: Api, flowId: number, moment: Moment): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [attempt] = await listAttempts(api, flowId, '?limit=1');
    if (!attempt || moment(attempt) || ended(attempt) || Date.now() > deadline) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

describe('a service killed with SIGKILL during a run, ten times', () => {
  it('leaves every attempt counting exactly what its destination kept, its cursors where the rows end, nothing staged', { timeout: 240_000 }, async () => {
    let api = await restart();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await insertApiKey(client, key, 'team', 'crash test');
    await client.end();

    const flows = new Map<Kind, Flow>();
    for (const kind of KINDS_IN_TURN) {
      const destination = await serviceDestination(api, destinations, kind, 'crash');
      const source = await createSource(api, 'sample', { row_count: 10_000, rows_per_second: 10_000 });
      const flow = await createFlow(api, source.id, destination.id, { displayName: `Crash ${kind}`, resources: modesFor(kind) });
      flows.set(kind, { id: flow.id, namespace: flow.namespace ?? '', sourceId: source.id });
    }

    let killedMidLoad = 0;
    let killedBetweenTables = 0;
    for (const [index, killWhen] of KILL_WHEN.entries()) {
      const kind = KINDS_IN_TURN[index % KINDS_IN_TURN.length] ?? 'postgres';
      const flow = flows.get(kind);
      if (!flow) throw new Error(`No flow into ${kind}.`);
      // Each run finds new rows in every table (ids past the cursors), so each table has a load to lose or keep.
      const rows = 24_000 + 2_000 * (index + 1);
      expectStatus(await api(`/v2/sources/${String(flow.sourceId)}`, { method: 'PATCH', body: { properties: { row_count: rows } } }), 200);
      expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
      const running = await eventuallyRunning(api, flow.id);
      await killAt(api, flow.id, killWhen);

      api = await restart();
      const after = await eventually(async () => {
        const [attempt] = await listAttempts(api, flow.id, '?limit=1');
        return attempt?.lifecycle === 'not_running' ? attempt : undefined;
      });
      expect(after.id).toBe(running.id);
      await expectCountsAgree(api, kind, flow, running.id);
      if (after.disposition === 'failed' && after.resources.some((each) => each.written > 0 && !each.committed)) killedMidLoad += 1;
      if (after.resources.some((each) => each.committed) && after.resources.some((each) => !each.committed)) killedBetweenTables += 1;
    }
    // Kills landed with a load in hand, and after some tables committed (orders alone loads for seconds).
    expect(killedMidLoad).toBeGreaterThanOrEqual(3);
    expect(killedBetweenTables).toBeGreaterThanOrEqual(2);
  });
});
