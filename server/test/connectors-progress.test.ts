import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { counts, createDestination, createSource, duckQuery } from './connector-fixtures';
import { attemptEnded, createFlow, listAttempts } from './fixtures';
import { startHarness } from './harness';

// The dashboard shows a run's counts rising: the runner saves them while it works, not only at the end.
// `written` rises with every batch; `loaded` counts what the destination keeps, so it moves at each commit.

const service = await startHarness();
afterAll(async () => {
  await service.stop();
});

it('reports extracted and written rising at least every second while a run is running; loaded only as each table commits', async () => {
  const { api } = service;
  // 20,000 rows at 10,000 rows per second: about two seconds of running.
  const source = await createSource(api, 'sample', { row_count: 20_000, rows_per_second: 10_000 });
  const path = join(service.filesDir, 'progress.duckdb');
  const destination = await createDestination(api, 'duckdb', { path });
  const flow = await createFlow(api, source.id, destination.id);
  expect((await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' })).status).toBe(201);
  const final: Record<string, number> = { customers: 4_000, products: 1_000, orders: 15_000 };

  const seen: number[] = [];
  for (let probe = 0; probe < 40; probe += 1) {
    const [attempt] = await listAttempts(api, flow.id, '?limit=1');
    if (attempt?.lifecycle !== 'running') break;
    const written = attempt.resources.reduce((sum, resource) => sum + resource.written, 0);
    const extracted = attempt.resources.reduce((sum, resource) => sum + resource.extracted, 0);
    expect(written).toBeLessThanOrEqual(extracted);
    // A table's rows count as loaded (kept) only once it commits: all of them, or none yet.
    for (const resource of attempt.resources) expect([0, final[resource.name]]).toContain(resource.loaded);
    if (seen.at(-1) !== written) seen.push(written);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  // At least three distinct partial counts before the end, rising.
  const partial = seen.filter((written) => written > 0 && written < 20_000);
  expect(partial.length).toBeGreaterThanOrEqual(3);
  expect([...partial].sort((a, b) => a - b)).toEqual(partial);

  const attempt = await attemptEnded(api, flow.id);
  expect(attempt.disposition).toBe('succeeded');
  expect(counts(attempt)).toEqual({ customers: 4_000, products: 1_000, orders: 15_000 });
  // In the flow's own namespace (a DuckDB schema named after it).
  expect(await duckQuery(path, `SELECT count(*) FROM "${String(flow.namespace)}".orders`)).toEqual([[15_000n]]);
});
