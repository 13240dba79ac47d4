import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { signIn, signInAndOpenFlow } from './sign-in';

// Issue 31, the dashboard's side: what it says about time is measured on the service's clock, and every run
// can be found on one page.

for (const offsetS of [10, -10]) {
  test(`a run that just ended reads "just now" with the browser's clock ${offsetS > 0 ? 'ahead of' : 'behind'} the service by 10 s`, async ({ page }) => {
    test.slow();
    await page.clock.install({ time: Date.now() + offsetS * 1000 });
    await signInAndOpenFlow(page, 'Shop orders to files');
    const latest = page.getByRole('region', { name: 'Latest attempt' });
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(latest.getByText('Running', { exact: true })).toBeVisible();
    await expect(latest.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
    // The run history's last success, read within seconds of the end: uncorrected, it would read "1x s ago" (clock
    // ahead) or "in x s" (behind).
    await expect(page.getByRole('region', { name: 'Run history' }).locator('time').first()).toHaveText(/^(just now|[5-8] s ago)$/);
    await expect(latest.getByText(/updated (just now|[1-4] s ago)/)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/\bin \d+ s\b/);
  });
}

test('the Runs page lists every run, filtered by failed and by a flow, in the URL', async ({ page }) => {
  test.slow();
  await page.goto('/sign-in');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Runs' }).click();
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await shoot(page, 'runs-page');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const row of await table
    .getByRole('row')
    .all()
    .then((rows) => rows.slice(1)))
    await expect(row).toContainText(/Failed|Cancelled/);

  const whatRan = page.getByRole('combobox', { name: 'What ran' });
  // The flow of the newest failed run: filtered by it too, the list keeps that run and only that flow's.
  const firstRun = (await table.getByRole('row').nth(1).getByRole('link').textContent()) ?? '';
  const flowName = firstRun.replace(/ #\d+$/, '');
  await whatRan.selectOption({ label: flowName });
  await expect(page).toHaveURL(/flow=\d+/);
  await expect(table.getByRole('link', { name: firstRun })).toBeVisible();
  await expect(async () => {
    const rows = (await table.getByRole('row').all()).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) await expect(row).toContainText(flowName);
  }).toPass();
  await shoot(page, 'runs-page-filtered');

  // The URL is the state: a reload keeps the filters.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
});
