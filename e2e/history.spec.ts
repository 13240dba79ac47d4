import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { DEMO_KEY, signIn } from './sign-in';

// Run history and the timeline against the real service: a run on the overview's timeline grows while it runs,
// and a finished attempt is a bar of the flow page's chart that tells what it was and opens it.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };

/** A flow on a sample source paced at `rowsPerSecond`, into the demo's JSON-lines folder, made through the API. */
async function createFlow(request: APIRequestContext, name: string, properties: Record<string, number>): Promise<number> {
  const source = await request.post('/v2/sources', { headers, data: { sourceSpec: 'sample', displayName: `${name} source`, properties } });
  expect(source.status()).toBe(201);
  const sourceId = ((await source.json()) as { data: { id: number } }).data.id;
  const destinations = (await (await request.get('/v2/destinations', { headers })).json()) as { data: { id: number; displayName: string }[] };
  const destination = destinations.data.find((candidate) => candidate.displayName === 'Local files (JSON lines)')?.id;
  const flow = await request.post('/v2/flows', { headers, data: { displayName: name, source: sourceId, destination, frequency: 'manual' } });
  expect(flow.status()).toBe(201);
  return ((await flow.json()) as { data: { id: number } }).data.id;
}

async function run(request: APIRequestContext, flowId: number) {
  expect((await request.post(`/v2/flows/${String(flowId)}/run`, { headers })).status()).toBe(201);
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the overview timeline shows a run growing while it runs', async ({ page, request }) => {
  test.slow();
  const name = `Growing run ${String(Date.now())}`;
  const flowId = await createFlow(request, name, { seed: 7, row_count: 6_000, rows_per_second: 150 });
  await run(request, flowId);
  await page.goto('/?window=1h');
  await signIn(page);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('radio', { name: '1 h' })).toBeChecked();
  const bar = timeline.getByRole('link', { name: new RegExp(`^${name}: attempt #1, Running, started`) });
  await bar.scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  // Its width in percent of the track (a bar is drawn at least 3 px wide, so its pixels lag at first).
  const widthOf = () => bar.evaluate((element) => Number.parseFloat((element as HTMLElement).style.width));
  const before = await widthOf();
  await expect.poll(widthOf, { timeout: 15_000 }).toBeGreaterThan(before * 1.5);
  // The tab title counts it among the running flows.
  await expect(page).toHaveTitle(/^\(\d+\) Flowdeck$/);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'timeline');
  // Its bar opens its attempt.
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`/flows/${String(flowId)}\\?attempt=\\d+$`));
  await expect(page.getByRole('dialog', { name: 'Attempt #1' })).toBeVisible();
});

test('the flow page chart shows a finished attempt, tells it on hover and opens it on click', async ({ page, request }) => {
  const name = `Charted flow ${String(Date.now())}`;
  const flowId = await createFlow(request, name, { seed: 3, row_count: 40 });
  await run(request, flowId);
  await expect
    .poll(
      async () => ((await (await request.get(`/v2/flows/${String(flowId)}/run`, { headers })).json()) as { data: { lifecycle: string }[] }).data[0]?.lifecycle,
      {
        timeout: 20_000,
      },
    )
    .toBe('not_running');
  await page.goto(`/flows/${String(flowId)}`);
  await signIn(page);
  const history = page.getByRole('region', { name: 'Run history' });
  await expect(history.getByText('Success rate').locator('..')).toContainText('100% of 1 finished');
  await expect(history.getByText('Median rows loaded').locator('..')).toContainText('40');
  const bar = history
    .getByRole('img', { name: /^Duration per attempt\./ })
    .locator('.recharts-bar-rectangle path, .recharts-bar-rectangle')
    .first();
  await expect(bar).toBeVisible();
  await bar.hover();
  await expect(history.getByText(/^Attempt #1 · Succeeded$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'flow-history');
  await bar.click();
  const drawer = page.getByRole('dialog', { name: 'Attempt #1' });
  await expect(drawer).toBeVisible();
  // The attempt's status (its log below also ends with a line saying it succeeded).
  await expect(drawer.getByText('Succeeded', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?attempt=\d+$/);
});
