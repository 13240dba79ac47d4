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
    // The run history's last success: uncorrected, it would read "10 s ago" (clock ahead) or "in 10 s" (behind).
    await expect(page.getByRole('region', { name: 'Run history' }).getByText('just now')).toBeVisible();
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
  const flowOption = whatRan.locator('option[value^="flow:"]').first();
  const flowName = (await flowOption.textContent()) ?? '';
  await whatRan.selectOption({ label: flowName });
  await expect(page).toHaveURL(/flow=\d+/);
  await expect(async () => {
    const rows = (await table.getByRole('row').all()).slice(1);
    for (const row of rows) await expect(row).toContainText(flowName);
  }).toPass();
  await shoot(page, 'runs-page-filtered');

  // The URL is the state: a reload keeps the filters.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
});
