import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { createPacedFlow } from './paced-flow';
import { signIn, signInAndOpenFlow } from './sign-in';

// Against the real local service and its demo data: runs really move rows, so these watch real progress.

/** Records every state the latest attempt's badge shows, so a short "Running" is not missed between two looks. */
async function recordLatestStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenStates: string[] }).seenStates = seen;
    const record = () => {
      const badge = document.querySelector('[aria-labelledby="latest-attempt-title"] .mantine-Badge-label');
      const text = badge?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    record();
  });
  return () => page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
}

/** The demo's "Quick sample sync" finishes in well under a second, too fast to be seen running: 4,000 paced rows take about 4 s. */
const pacedFlow = (request: APIRequestContext) =>
  createPacedFlow(request, {
    name: `Paced sample sync ${String(Date.now())}`,
    sourceName: 'Paced sample',
    properties: { seed: 3, row_count: 4_000, rows_per_second: 1_000 },
  });

test('a flow run goes from running to succeeded on screen without a reload', async ({ page, request }) => {
  await signInAndOpenFlow(page, await pacedFlow(request));
  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText('This flow has never run.')).toBeVisible();
  const seen = await recordLatestStates(page);

  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run started.')).toBeVisible();
  await expect(latest.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  expect(await seen()).toEqual(expect.arrayContaining(['Running', 'Succeeded']));
  const states = await seen();
  expect(states.lastIndexOf('Running')).toBeLessThan(states.lastIndexOf('Succeeded'));
  await expect(latest.getByRole('progressbar', { name: /orders: loaded 3,000 rows/ })).toBeVisible();
  // The new attempt heads the attempts table too.
  await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('row').nth(1)).toContainText('Succeeded');

  await expectNoSeriousAxeViolations(page);
});

test('a running flow is cancelled from its page', async ({ page }) => {
  await signInAndOpenFlow(page, 'Large sample backfill');
  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(latest.getByText('Running', { exact: true })).toBeVisible({ timeout: 15_000 });
  // Rows move while it runs (customers load first; orders only start after ~12 s of the demo's paced sample).
  // The counts, not bars: while it runs no total is known.
  await expect(latest.getByRole('row', { name: /^customers [1-9][\d,]* / })).toBeVisible({ timeout: 15_000 });

  // Run now waits while it runs; Cancel asks first.
  await expect(page.getByRole('button', { name: 'Run now' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the run of the flow “Large sample backfill”?' });
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel run' }).click();
  // The dialog fades out; until it is gone its own "Cancel run" button is a second one on the page.
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Flow run cancelled.')).toBeVisible();
  // A run the user stopped reads Cancelled, not Failed, with the service's words beside it.
  await expect(latest.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(latest.getByText('Failed')).toHaveCount(0);
  await expect(latest.getByText('Cancelled by user.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel run' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Run now' })).toBeEnabled();
});

test('a workflow is deleted after a confirmation that names it', async ({ page }) => {
  await page.goto('/workflows');
  await signIn(page);
  await page.getByRole('link', { name: 'Quarterly backfill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quarterly backfill' })).toBeVisible();
  // The definition shows as a graph; its raw JSON is behind the toggle.
  // Mantine's segmented control hides the radio itself: its label takes the click.
  await page.getByRole('region', { name: 'Definition' }).getByText('JSON', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Workflow definition' })).toContainText('steps');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the workflow “Quarterly backfill”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete workflow' }).click();

  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('link', { name: 'Nightly shop refresh' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quarterly backfill' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Nightly shop refresh' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quarterly backfill' })).toHaveCount(0);
});
