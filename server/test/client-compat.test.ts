import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFilesDestination, createFlow, createSampleFlow } from './fixtures';
import { type Api, startHarness } from './harness';

// The calls public clients of the hosted service make, replayed against the real service: Keboola's
// component-portable (GET connectors to test the key; run, then poll status until it is not PENDING or
// RUNNING and raise when `errors` is not null) and Shipyard's shipyard-portable (GET flows to test the
// key; run expecting 201, 401 or 400; then poll status until the disposition is SUCCEEDED or FAILED,
// reading lifecycle and disposition in UPPERCASE). Both poll every second here (they use 10 and 60 s).

const service = await startHarness();
afterAll(() => service.stop());
const { api, keys } = service;

const POLL_MS = 1_000;
const MAX_POLLS = 60;
const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

interface FlowStatus {
  id: number;
  lifecycle: string;
  disposition: string;
  resources: { name: string; extracted: number; analyzed: number; loaded: number; errors: string[] }[];
  errors: string[] | null;
  completedAt: string | null;
}

/** What an HTTP client of the hosted service sees: a status and a parsed JSON body. */
async function call(client: Api, method: string, path: string, key: string) {
  const answer = await client(`/v2/${path}`, { method, key });
  return { status: answer.status, json: answer.body as Record<string, unknown> };
}

/** Keboola's client: `Created` means the run was made; then status until it has finished; a non-null `errors` is a failed run. */
async function keboolaRun(key: string, flowId: number | string) {
  const run = await call(api, 'POST', `flows/${String(flowId)}/run`, key);
  if (run.status >= 400) return { outcome: 'http-error' as const, status: run.status, message: run.json.message };
  expect(run.json.message).toBe('Created');
  const seen: FlowStatus[] = [];
  for (let poll = 0; poll < MAX_POLLS; poll += 1) {
    const status = (await call(api, 'GET', `flows/${String(flowId)}/status`, key)).json as unknown as FlowStatus;
    seen.push(status);
    if (status.lifecycle !== 'PENDING' && status.lifecycle !== 'RUNNING') {
      return { outcome: status.errors !== null ? ('raised' as const) : ('finished' as const), status, seen };
    }
    await sleep(POLL_MS);
  }
  throw new Error(`flow ${String(flowId)} still running after ${String(MAX_POLLS)} polls`);
}

/** Shipyard's client: 201 expected (401 and 400 are its typed errors); status read at once, then until SUCCEEDED or FAILED. */
async function shipyardRun(key: string, flowId: number | string) {
  const run = await call(api, 'POST', `flows/${String(flowId)}/run`, key);
  if (run.status === 401) return { outcome: 'UnauthorizedError' as const, body: run.json };
  if (run.status === 400) return { outcome: 'BadRequestError' as const, body: run.json };
  expect(run.status).toBe(201);
  const seen: FlowStatus[] = [];
  for (let poll = 0; poll < MAX_POLLS; poll += 1) {
    const answer = await call(api, 'GET', `flows/${String(flowId)}/status`, key);
    expect(answer.status).toBe(200);
    const status = answer.json as unknown as FlowStatus;
    seen.push(status);
    // determine_sync_status: any other disposition, or NONE with another lifecycle, is an "unknown status" error.
    expect(['SUCCEEDED', 'FAILED', 'NONE']).toContain(status.disposition);
    if (status.disposition === 'NONE') expect(['RUNNING', 'PENDING', 'NOT_RUNNING']).toContain(status.lifecycle);
    if (status.disposition === 'SUCCEEDED' || status.disposition === 'FAILED') return { outcome: status.disposition, status, seen };
    await sleep(POLL_MS);
  }
  throw new Error(`flow ${String(flowId)} never reached SUCCEEDED or FAILED`);
}

/** A flow that fails: its CSV file is gone by the time it runs. */
async function failingFlow() {
  const file = join(service.filesDir, 'client-compat.csv');
  writeFileSync(file, 'id\n1\n');
  const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'csv', properties: { location: 'client-compat.csv' } } });
  const sourceId = (answer.body as { data: { id: number } }).data.id;
  rmSync(file);
  return createFlow(api, sourceId, (await createFilesDestination(api)).id);
}

describe('a client polling a flow run, as Keboola’s component-portable does', () => {
  it('tests its key with GET connectors ({ data: [...] }) and lists flows with id and displayName', async () => {
    const connectors = await call(api, 'GET', 'connectors', keys.team);
    expect(connectors.status).toBe(200);
    expect(Array.isArray(connectors.json.data)).toBe(true);
    expect((await call(api, 'GET', 'connectors', 'not-a-key')).status).toBe(401);
    const { flow } = await createSampleFlow(api);
    const flows = (await call(api, 'GET', 'flows', keys.team)).json.data as { id: number; displayName: string }[];
    expect(flows.find((item) => item.id === flow.id)?.displayName).toEqual(expect.any(String));
  });

  it('runs a flow, polls every second while PENDING or RUNNING, and finishes on errors null', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 300, rows_per_second: 150 });
    const result = await keboolaRun(keys.team, flow.id);
    expect(result.outcome).toBe('finished');
    if (result.outcome === 'http-error') return;
    expect(result.status).toMatchObject({ id: flow.id, lifecycle: 'NOT_RUNNING', disposition: 'SUCCEEDED', errors: null });
    expect(result.status.completedAt).toEqual(expect.any(String));
    expect(result.status.resources.reduce((sum, resource) => sum + resource.loaded, 0)).toBe(300);
    // While it ran, the status said so: NONE, no completedAt, no errors.
    const whileRunning = result.seen.slice(0, -1);
    expect(whileRunning.length).toBeGreaterThan(0);
    for (const status of whileRunning) expect(status).toMatchObject({ disposition: 'NONE', completedAt: null, errors: null });
  });

  it('raises on a failed run: errors is a list of strings naming what went wrong', async () => {
    const flow = await failingFlow();
    const result = await keboolaRun(keys.team, flow.id);
    expect(result.outcome).toBe('raised');
    if (result.outcome === 'http-error') return;
    expect(result.status.disposition).toBe('FAILED');
    expect(result.status.errors?.join(' ')).toMatch(/ENOENT/);
  });
});

describe('a client polling a flow run, as Shipyard’s shipyard-portable does', () => {
  it('tests its key with GET flows: 200 with a good key, 401 with a bad one', async () => {
    expect((await call(api, 'GET', 'flows', keys.team)).status).toBe(200);
    expect((await call(api, 'GET', 'flows', 'bad_api_token')).status).toBe(401);
  });

  it('sees the new run at once, never the previous run’s disposition, and ends on SUCCEEDED', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 300, rows_per_second: 150 });
    expect((await shipyardRun(keys.team, flow.id)).outcome).toBe('SUCCEEDED');
    // Run again: the first status read right after the 201 is this run's (NONE), not the last one's SUCCEEDED.
    const again = await shipyardRun(keys.team, flow.id);
    expect(again.outcome).toBe('SUCCEEDED');
    if (again.outcome !== 'SUCCEEDED') return;
    expect(again.seen[0]).toMatchObject({ disposition: 'NONE', completedAt: null });
    expect(['PENDING', 'RUNNING']).toContain(again.seen[0]?.lifecycle);
  });

  it('ends on FAILED for a failed run', async () => {
    expect((await shipyardRun(keys.team, (await failingFlow()).id)).outcome).toBe('FAILED');
  });
});

describe('the error cases both clients handle', () => {
  it('a bad key is 401 { message: "Unauthorized" } on run and on status', async () => {
    const { flow } = await createSampleFlow(api);
    expect(await shipyardRun('bad_api_token', flow.id)).toEqual({ outcome: 'UnauthorizedError', body: { message: 'Unauthorized' } });
    expect(await call(api, 'GET', `flows/${String(flow.id)}/status`, 'bad_api_token')).toEqual({ status: 401, json: { message: 'Unauthorized' } });
    expect(await keboolaRun('bad_api_token', flow.id)).toEqual({ outcome: 'http-error', status: 401, message: 'Unauthorized' });
  });

  it('a flow id that is not a number is 400 Bad Request on run and on status', async () => {
    const run = await shipyardRun(keys.team, 'bad_flow_id');
    expect(run).toEqual({ outcome: 'BadRequestError', body: { message: expect.stringMatching(/^Bad Request/) as unknown } });
    const status = await call(api, 'GET', 'flows/bad_flow_id/status', keys.team);
    expect(status.status).toBe(400);
    expect(String(status.json.message)).toMatch(/^Bad Request/);
  });
});
