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
import { cursorOf, destinationsIn, serviceDestination } from './flow-table-fixtures';
import { type Api, apiClient, createTestDatabase, eventually } from './harness';

// Issue 30, item 3: counts and crashes agree. The service runs as `npm start` does, in a child process,
// and is killed with SIGKILL at ten moments of a run of one to three seconds (before a table opens,
// mid-load, between tables, around a commit, after the end), into each destination in turn. After each
// restart, for every table:
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

/** Milliseconds after the run is under way when the service is killed: from before its first table opens to after it ends. */
const KILL_AFTER_MS = [0, 150, 350, 600, 800, 1_000, 1_200, 1_500, 1_900, 3_500];
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
    for (const [index, killAfter] of KILL_AFTER_MS.entries()) {
      const kind = KINDS_IN_TURN[index % KINDS_IN_TURN.length] ?? 'postgres';
      const flow = flows.get(kind);
      if (!flow) throw new Error(`No flow into ${kind}.`);
      // Each run finds new rows in every table (ids past the cursors), so each table has a load to lose or keep.
      const rows = 10_000 + 8_000 * (index + 1);
      expectStatus(await api(`/v2/sources/${String(flow.sourceId)}`, { method: 'PATCH', body: { properties: { row_count: rows } } }), 200);
      expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
      const running = await eventuallyRunning(api, flow.id, (attempt) => attempt.resources.length > 0);
      await new Promise((resolveWait) => setTimeout(resolveWait, killAfter));

      api = await restart();
      const ended = await eventually(async () => {
        const [attempt] = await listAttempts(api, flow.id, '?limit=1');
        return attempt?.lifecycle === 'not_running' ? attempt : undefined;
      });
      expect(ended.id).toBe(running.id);
      await expectCountsAgree(api, kind, flow, running.id);
      if (ended.disposition === 'failed' && ended.resources.some((resource) => resource.written > 0 && !resource.committed)) killedMidLoad += 1;
      if (ended.resources.some((resource) => resource.committed) && ended.resources.some((resource) => !resource.committed)) killedBetweenTables += 1;
    }
    // The moments are spread enough that kills land with a load in hand, and after some tables committed.
    expect(killedMidLoad).toBeGreaterThanOrEqual(3);
    expect(killedBetweenTables).toBeGreaterThanOrEqual(2);
  });
});
