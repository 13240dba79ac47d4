import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { DEMO_KEY, signIn } from './sign-in';

// Long text never breaks a page: names as long as the service takes them (200 characters, one word),
// and a 10,000-character word in a value and in a run's error, on every page, at 1280 and 390 px: no
// page scrolls sideways. E2E_SCREENSHOTS=<folder> saves each page at both widths, to look at.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };
const word = (length: number) => `W${'x'.repeat(length - 1)}`;

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers, data });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: T }).data;
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0)
      console.log(
        await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .slice(0, 8)
            .map((element) => `${element.tagName}.${element.className.slice(0, 60)} ${String(element.getBoundingClientRect().right)}`)
            .join('\n'),
        ),
      );
    expect(overflow, `${what} at ${String(width)} px scrolls sideways by ${String(overflow)} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a 10,000-character word in names, values and errors makes no page scroll sideways', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = word(200);
  const long = word(10_000);
  // A REST source whose address holds the long word: its value, and the error its run fails with.
  const source = await post<{ id: number }>(request, '/v2/sources', {
    sourceSpec: 'rest_api',
    displayName: name,
    properties: { base_url: `http://${long}.invalid`, endpoints: long },
  });
  const destination = await post<{ id: number }>(request, '/v2/destinations', {
    destinationSpec: 'files',
    displayName: name,
    properties: { bucket_url: `e2e-long-${long.slice(0, 100)}`, format: 'jsonl' },
  });
  const flow = await post<{ id: number }>(request, '/v2/flows', { displayName: name, source: source.id, destination: destination.id, frequency: 'manual' });
  await post(request, `/v2/flows/${String(flow.id)}/run`, {});
  const workflow = await post<{ id: number }>(request, '/v2/workflows', {
    name,
    definition: { nodes: [{ id: 'a', type: 'flow', flowId: flow.id }], edges: [] },
  }).catch(() => null);

  await page.goto('/flows');
  await signIn(page);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/v2/flows/${String(flow.id)}/run?limit=1`, { headers })).json()) as { data: { lifecycle: string }[] }).data[0]?.lifecycle,
      {
        timeout: 60_000,
      },
    )
    .toBe('not_running');
  const pages: [string, string][] = [
    ['overview', '/'],
    ['flows', `/flows?q=${name.slice(0, 20)}`],
    ['flow', `/flows/${String(flow.id)}`],
    ['flow-history', `/flows/${String(flow.id)}?tab=history`],
    ['sources', `/sources?q=${name.slice(0, 20)}`],
    ['source', `/sources/${String(source.id)}`],
    ['source-cards', `/sources/${String(source.id)}?tab=cards`],
    ['destinations', `/destinations?q=${name.slice(0, 20)}`],
    ['destination', `/destinations/${String(destination.id)}`],
    ['workflows', '/workflows'],
    ...(workflow ? ([['workflow', `/workflows/${String(workflow.id)}`]] as [string, string][]) : []),
    ['alerts', '/alerts'],
  ];
  for (const [label, path] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shoot(page, `long-text-${label}`);
    await expectNoSidewaysScroll(page, label);
  }
});
