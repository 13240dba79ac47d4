import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { DEMO_KEY, signIn } from '../sign-in';

// The dashboard in proxy mode (FLOWDECK_UPSTREAM_URL) in front of a service that answers only what the
// hosted service has (FLOWDECK_PROFILE=hosted: the interface document's operations plus flow status,
// create and update flow, source verify and connectors). Every page opens without an error screen; the
// lists the interface lacks fall back to the ids flows reference; run, cancel and live status work.

/** The titles of the dashboard's error screens (components/error-state.tsx, the not-found page). */
const ERROR_SCREENS = [
  'The service refused the request',
  'Your session has ended',
  'Not found',
  'No longer available',
  'The service failed',
  'The service did not answer in time',
  'The service cannot be reached',
  'The service sent data Flowdeck does not understand',
  'Something went wrong',
  'Page not found',
];

async function expectNoErrorScreen(page: Page) {
  await page.waitForLoadState('networkidle');
  for (const title of ERROR_SCREENS) await expect(page.getByText(title, { exact: true }), `"${title}" on ${page.url()}`).toHaveCount(0);
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoErrorScreen(page);
}

/** A flow on paced sample rows, made through the proxy with operations the hosted service has. */
async function createPacedFlow(request: APIRequestContext, name: string, rows: number): Promise<void> {
  const headers = { Authorization: `Bearer ${DEMO_KEY}` };
  const source = await request.post('/v2/sources', {
    headers,
    data: { sourceSpec: 'sample', displayName: `${name} source`, properties: { seed: 5, row_count: rows, rows_per_second: 1_000 } },
  });
  expect(source.status()).toBe(201);
  const destination = await request.post('/v2/destinations', {
    headers,
    data: { destinationSpec: 'files', displayName: `${name} files`, properties: { bucket_url: `exports/${String(Date.now())}`, format: 'jsonl' } },
  });
  expect(destination.status()).toBe(201);
  const ids = async (answer: typeof source) => ((await answer.json()) as { data: { id: number } }).data.id;
  const flow = await request.post('/v2/flows', {
    headers,
    data: { displayName: name, source: await ids(source), destination: await ids(destination), frequency: 'manual' },
  });
  expect(flow.status()).toBe(201);
}

async function openFlow(page: Page, name: string) {
  await open(page, '/flows', 'Flows');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByRole('table').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page);
});

test('the upstream has only the hosted operations', async ({ request }) => {
  const headers = { Authorization: `Bearer ${DEMO_KEY}` };
  expect((await request.get('/v2/sources', { headers })).status()).toBe(404);
  expect((await request.get('/v2/flows/1/status', { headers })).status()).toBe(200);
  expect(await (await request.get('/v2/flows/1/status', { headers })).json()).not.toHaveProperty('lastAttempt');
});

test('every page opens without an error screen; lists the interface lacks fall back to the ids flows reference', async ({ page }) => {
  await open(page, '/', 'Overview');
  await open(page, '/flows', 'Flows');
  await expect(page.getByRole('table').getByRole('link', { name: 'Shop orders to files', exact: true })).toBeVisible();
  await open(page, '/flows/new', 'New flow');
  await open(page, '/workflows', 'Workflows');
  await open(page, '/destinations/new', 'New destination');
  await expect(page.getByRole('radio', { name: /Files/ })).toBeVisible();

  // New source: the spec catalogue comes from GET /v2/connectors.
  await open(page, '/sources/new', 'New source');
  await page.getByRole('searchbox', { name: 'Search source specs' }).fill('Sample');
  await expect(page.getByRole('radio', { name: 'Sample data' })).toBeVisible();

  // Sources: no list operation; the ids flows reference, and a source page without GET source.
  await open(page, '/sources', 'Sources');
  await expect(page.getByText('This service does not list sources')).toBeVisible();
  await page.getByRole('link', { name: 'Source 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Source 1' })).toBeVisible();
  await expectNoErrorScreen(page);
  await expect(page.getByText('This service does not let Flowdeck read a source')).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/^All \d+ checks passed$/)).toBeVisible({ timeout: 15_000 });
  for (const tab of ['Resolvers', 'Configuration cards', 'Flows']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectNoErrorScreen(page);
  }
  await expect(page.getByRole('link', { name: 'Shop orders to files' })).toBeVisible();

  // Destinations: no list operation either; the destination page itself is an interface operation.
  await open(page, '/destinations', 'Destinations');
  await expect(page.getByText('This service does not list destinations')).toBeVisible();
  await page.getByRole('link', { name: 'Destination 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Local files (JSON lines)' })).toBeVisible();
  await expectNoErrorScreen(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^All \d+ checks passed$/)).toBeVisible({ timeout: 15_000 });

  // A flow (no get-flow operation: read from the list) and a workflow (no trigger list: open one by id).
  await openFlow(page, 'Shop orders to files');
  await expectNoErrorScreen(page);
  await expect(page.getByRole('region', { name: 'Latest attempt' }).getByText('Succeeded')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Source 1' })).toBeVisible();
  await open(page, '/workflows', 'Workflows');
  await page.getByRole('link', { name: 'Nightly shop refresh' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nightly shop refresh' })).toBeVisible();
  await expectNoErrorScreen(page);
  await expect(page.getByText('This service does not list webhook triggers. Open one by its id.')).toBeVisible();
});

test('a flow runs with its status live on screen, and a running flow is cancelled', async ({ page, request }) => {
  test.setTimeout(60_000);
  const name = `Proxy paced ${String(Date.now())}`;
  await createPacedFlow(request, name, 3_000);
  await openFlow(page, name);
  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText('This flow has never run.')).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run started.')).toBeVisible();
  await expect(latest.getByText('Running', { exact: true })).toBeVisible({ timeout: 15_000 });
  // Rows counted: while it runs as counts (no total is known yet), once it ended as bars of the extracted rows.
  const live = latest.getByRole('row', { name: /^orders [1-9][\d,]* / });
  await expect(live.or(latest.getByRole('progressbar', { name: /orders: extracted [1-9][\d,]* rows/ }))).toBeVisible({ timeout: 15_000 });
  await expect(latest.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expectNoErrorScreen(page);

  const long = `Proxy long ${String(Date.now())}`;
  await createPacedFlow(request, long, 200_000);
  await openFlow(page, long);
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(latest.getByText('Running', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel run' }).click();
  // The confirmation fades out: until it is gone its own Cancel run button matches too.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(latest.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(latest.getByText('Cancelled by user.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel run' })).toBeDisabled();
});

test('a workflow runs and is cancelled with its status live on screen', async ({ page }) => {
  await open(page, '/workflows', 'Workflows');
  await page.getByRole('link', { name: 'Nightly shop refresh' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nightly shop refresh' })).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run started.')).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText(/^(Queued|Running)$/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel run' }).click();
  await expect(status.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectNoErrorScreen(page);
});
