import type { Page } from '@playwright/test';
import { PAGE_INTROS } from '../src/lib/page-intros';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { signIn } from './sign-in';

// The page the service sends already draws the first screen's frame and heading (src/prepaint.tsx): a phone shows
// them as soon as the page and its stylesheet are in, before the dashboard's code has come.

/** Keeps every script of the build from loading: what shows is what the service's page draws by itself. */
async function withoutTheDashboardsCode(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

test('each section’s page arrives with the frame and its heading drawn, before any of the dashboard’s code', async ({ page }) => {
  await withoutTheDashboardsCode(page);
  for (const [path, intro] of Object.entries(PAGE_INTROS)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: intro.title }), path).toBeVisible();
    if ('description' in intro) await expect(page.getByText(intro.description), path).toBeVisible();
    await expect(page.getByText('Flowdeck', { exact: true }), path).toBeVisible();
  }
  await shoot(page, 'prepaint-alerts');
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Flowdeck' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await shoot(page, 'prepaint-sign-in');
});

test('a page whose code does not come says so instead of waiting for good', async ({ page }) => {
  await page.route('**/assets/framework-*.js', (route) => route.abort());
  await page.goto('/flows');
  await expect(page.getByRole('alert')).toHaveText('Flowdeck could not load. Check your connection, then reload the page.');
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
});

test('the drawn page follows the colour scheme before any of the dashboard’s code runs', async ({ page }) => {
  await withoutTheDashboardsCode(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/flows');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.evaluate(() => {
    localStorage.setItem('mantine-color-scheme-value', 'light');
  });
  await page.goto('/flows');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('each section’s drawn heading is the one its page shows once loaded', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page);
  for (const path of Object.keys(PAGE_INTROS)) {
    const sent = await (await page.request.get(path)).text();
    const drawn = /<h1[^>]*>([^<]*)<\/h1>/.exec(sent)?.[1];
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Sections' }), path).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(drawn ?? 'no heading was drawn');
  }
});

test('on a phone the largest paint of the flows list and the overview is the drawn one, not one after the data', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-in');
  await signIn(page);
  for (const [path, loaded] of [
    ['/flows', page.getByRole('link', { name: 'Archive to Parquet' })],
    ['/', page.getByRole('region', { name: 'Timeline' }).getByRole('list', { name: 'Runs by flow and workflow' })],
  ] as const) {
    await page.goto(path);
    await expect(loaded, path).toBeVisible();
    const paints = await page.evaluate(
      () =>
        new Promise<{ largest: number[]; first: number }>((resolve) => {
          new PerformanceObserver((list) => {
            resolve({
              largest: list.getEntries().map((entry) => entry.startTime),
              first: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    // One candidate, at the first paint: nothing larger came with the page's code or its data.
    expect(paints.largest, path).toEqual([paints.first]);
  }
});

test('a first load of the flows list fetches the code its page lists and asks for its first flows once', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    asked.push(url.pathname + url.search);
  });
  await page.goto('/flows');
  await expect(page.getByRole('table', { name: 'Flows' }).getByRole('link').first()).toBeVisible();
  // Sent ahead by the entry and taken by the list's loader: not asked a second time.
  expect(asked.filter((url) => url === '/v2/flows?limit=1000&offset=0')).toHaveLength(1);
  const sent = await (await page.request.get('/flows')).text();
  const listed = [...sent.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((match) => match[1] ?? '');
  expect(listed.length).toBeGreaterThan(3);
  for (const href of listed) expect(asked, href).toContain(href);
});
