import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { runAttemptSchema } from '@/api/flows';
import { BAD_REQUEST, createSampleFlow, createWebhook, createWorkflow, expectError, expectWrapped, inFuture } from './fixtures';
import { startHarness } from './harness';

// limit (1 to 1000, default 100) and offset on every list; run attempts also take order (ASC or
// DESC by createdAt, DESC by default). Rows are inserted straight into the database for speed.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;

const { source, destination, flow } = await createSampleFlow(api);
const workflow = await createWorkflow(api, { flows: [flow.id] });
await createWebhook(api, workflow.id);
await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });

const FLOW_COUNT = 130;
await sql(`INSERT INTO flows (display_name, source_id, destination_id, frequency) SELECT 'Flow ' || n, $1, $2, 'manual' FROM generate_series(1, $3) AS n`, [
  source.id,
  destination.id,
  FLOW_COUNT - 1,
]);
// 150 finished attempts of one flow, one minute apart, inserted out of order.
const ATTEMPT_COUNT = 150;
await sql(
  `INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, errors, created_at, completed_at)
   SELECT $1, 'manual', 'not_running', 'succeeded', '[]', timestamptz '2026-01-01' + ((n * 37) % $2) * interval '1 minute', timestamptz '2026-01-01' + ((n * 37) % $2) * interval '1 minute' + interval '5 seconds'
   FROM generate_series(0, $2 - 1) AS n`,
  [flow.id, ATTEMPT_COUNT],
);

// A finished run of the workflow, so its runs list has something to page.
await sql("INSERT INTO workflow_runs (workflow_id, trigger, lifecycle, disposition, completed_at) VALUES ($1, 'manual', 'not_running', 'succeeded', now())", [
  workflow.id,
]);

const LISTS = [
  '/v2/sources',
  '/v2/destinations',
  '/v2/sourcespecs',
  '/v2/destinationspecs',
  '/v2/flows',
  `/v2/flows/${String(flow.id)}/run`,
  '/v2/workflows',
  `/v2/workflows/${String(workflow.id)}/webhooks`,
  `/v2/workflows/${String(workflow.id)}/runs`,
  `/v2/sources/${String(source.id)}/configuration_cards`,
];

const list = async (path: string) => expectWrapped(await api(path)) as { id: number; createdAt?: string }[];

describe.each(LISTS)('%s', (path) => {
  it('refuses a limit outside 1..1000, a negative offset and non-integers with 400', async () => {
    for (const query of ['limit=0', 'limit=1001', 'limit=-1', 'limit=1.5', 'limit=ten', 'offset=-1', 'offset=1.5', 'offset=x']) {
      expectError(await api(`${path}?${query}`), 400, BAD_REQUEST);
    }
  });

  it('takes limit=1, limit=1000 and an offset past the end', async () => {
    expect((await list(`${path}?limit=1`)).length).toBe(1);
    expect((await list(`${path}?limit=1000`)).length).toBeGreaterThanOrEqual(1);
    expect(await list(`${path}?offset=100000`)).toEqual([]);
  });
});

describe('limit and offset', () => {
  it('default to 100 and 0, and page through the whole list without gaps or repeats', async () => {
    const all = await list('/v2/flows?limit=1000');
    expect(all).toHaveLength(FLOW_COUNT);
    const first = await list('/v2/flows');
    expect(first).toEqual(all.slice(0, 100));
    const second = await list('/v2/flows?offset=100');
    expect(second).toEqual(all.slice(100));
    const pages = [];
    for (let offset = 0; offset < FLOW_COUNT; offset += 40) pages.push(...(await list(`/v2/flows?limit=40&offset=${String(offset)}`)));
    expect(pages.map((item) => item.id)).toEqual(all.map((item) => item.id));
  });
});

describe('run attempts', () => {
  const attempts = async (query: string) => dataOf(listOf(runAttemptSchema)).parse({ data: await list(`/v2/flows/${String(flow.id)}/run${query}`) });
  const times = (items: { createdAt: string }[]) => items.map((item) => Date.parse(item.createdAt));

  it('default to 100, newest first', async () => {
    const page = await attempts('');
    expect(page).toHaveLength(100);
    const sorted = [...times(page)].sort((a, b) => b - a);
    expect(times(page)).toEqual(sorted);
    expect(page[0]?.createdAt).toBe(new Date(Date.UTC(2026, 0, 1) + (ATTEMPT_COUNT - 1) * 60_000).toISOString());
  });

  it('order=ASC gives oldest first; offset pages continue where the last page stopped', async () => {
    const ascending = await attempts('?order=ASC&limit=1000');
    expect(ascending).toHaveLength(ATTEMPT_COUNT);
    expect(times(ascending)).toEqual([...times(ascending)].sort((a, b) => a - b));
    const pageTwo = await attempts('?order=ASC&limit=50&offset=50');
    expect(pageTwo.map((attempt) => attempt.id)).toEqual(ascending.slice(50, 100).map((attempt) => attempt.id));
    const descending = await attempts('?order=DESC&limit=1000');
    expect(descending.map((attempt) => attempt.id)).toEqual(ascending.map((attempt) => attempt.id).reverse());
  });

  it('accept order in lowercase and refuse anything else with 400', async () => {
    expect(await attempts('?order=asc&limit=3')).toEqual(await attempts('?order=ASC&limit=3'));
    expectError(await api(`/v2/flows/${String(flow.id)}/run?order=createdAt`), 400, BAD_REQUEST);
  });
});
