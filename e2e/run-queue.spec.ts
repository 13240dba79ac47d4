import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { DEMO_KEY, signInAndOpenFlow } from './sign-in';

// Issue 31, concurrency limits: a destination that takes one run at a time queues the second, and the
// dashboard shows that run as queued and why, on its flow's page and on the Runs page.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };

async function post<T>(request: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const answer = await request.post(path, { headers, ...(data === undefined ? {} : { data }) });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return (await answer.json()) as T;
}

/** A files destination taking one run at a time, and two slow manual flows into it. */
async function oneAtATime(request: APIRequestContext, stamp: string) {
  const destinationName = `Warehouse ${stamp}`;
  const destination = await post<{ data: { id: number } }>(request, '/v2/destinations', {
    destinationSpec: 'files',
    displayName: destinationName,
    properties: { bucket_url: `queue-${stamp}`, format: 'jsonl' },
  });
  const limited = await request.patch(`/v2/destinations/${String(destination.data.id)}`, { headers, data: { maxConcurrentRuns: 1 } });
  expect(limited.status()).toBe(200);
  const source = await post<{ data: { id: number } }>(request, '/v2/sources', {
    sourceSpec: 'sample',
    displayName: `Slow sample ${stamp}`,
    properties: { seed: 7, row_count: 6_000, rows_per_second: 200 },
  });
  const flows = [];
  for (const name of [`First into the warehouse ${stamp}`, `Second into the warehouse ${stamp}`]) {
    const flow = await post<{ data: { id: number } }>(request, '/v2/flows', {
      displayName: name,
      source: source.data.id,
      destination: destination.data.id,
      frequency: 'manual',
    });
    flows.push({ id: flow.data.id, name });
  }
  return { destinationName, flows };
}

test('a run held back by its destination’s limit shows as queued, with how many runs are ahead', async ({ page, request }) => {
  test.slow();
  const { destinationName, flows } = await oneAtATime(request, String(Date.now()));
  const [first, second] = flows;
  if (!first || !second) throw new Error('two flows');
  try {
    await post(request, `/v2/flows/${String(first.id)}/run`);
    await post(request, `/v2/flows/${String(second.id)}/run`);

    await signInAndOpenFlow(page, second.name);
    const latest = page.getByRole('region', { name: 'Latest attempt' });
    const reason = `1 run ahead for “${destinationName}”`;
    await expect(latest.getByText(`Queued: ${reason}`)).toBeVisible();
    await expect(latest.getByRole('status').filter({ hasText: reason })).toBeVisible();
    await shoot(page, 'flow-queued');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Runs' }).click();
    const row = page.getByRole('table', { name: 'Runs' }).getByRole('row').filter({ hasText: second.name });
    await expect(row).toContainText('Queued');
    await expect(row).toContainText(reason);
    await shoot(page, 'runs-queued');
  } finally {
    for (const flow of flows) await request.post(`/v2/flows/${String(flow.id)}/cancel`, { headers });
  }
});
