import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { DEMO_KEY, signIn } from './sign-in';

// Day-2 work on sources and destinations against the real service: choosing what a run loads, Delete
// (refused while flows use it), the lists' search, and the create flow both share. axe on every screen.
// E2E_SCREENSHOTS=<folder> also saves each screen at 1280 and 390 px wide, to look at (not committed).

const headers = { Authorization: `Bearer ${DEMO_KEY}` };
const unique = () => `${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}`;

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers, data });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: T }).data;
}

test('a resolver turned off is skipped by the next run', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `E2E choose ${unique()}`;
  const source = await post<{ id: number }>(request, '/v2/sources', { sourceSpec: 'sample', displayName: name, properties: { seed: 5, row_count: 300 } });
  const destination = await post<{ id: number }>(request, '/v2/destinations', {
    destinationSpec: 'files',
    displayName: `${name} files`,
    properties: { bucket_url: `e2e-choose-${unique()}`, format: 'jsonl' },
  });
  const flow = await post<{ id: number }>(request, '/v2/flows', { displayName: name, source: source.id, destination: destination.id, frequency: 'manual' });

  await page.goto(`/sources/${String(source.id)}?tab=resolvers`);
  await signIn(page);
  const table = page.getByRole('table', { name: 'Resolvers' });
  await expect(table.getByRole('switch', { name: 'Load customers' })).toBeChecked();
  await expect(page.getByText(/^Last discovered/)).toBeVisible();
  await table.getByRole('switch', { name: 'Load customers' }).click({ force: true });
  await expect(table.getByRole('switch', { name: 'Load customers' })).not.toBeChecked();
  await expect(page.getByText(/2 of 3 resolvers loaded by runs/)).toBeVisible();
  await table.getByRole('button', { name: 'Details of orders' }).click();
  await expect(page.getByRole('table', { name: 'Properties of orders' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'resolvers');

  // The choice is the service's: it holds after a reload and after Discover now.
  await page.reload();
  await expect(table.getByRole('switch', { name: 'Load customers' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Discover now' }).click();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('switch', { name: 'Load customers' })).not.toBeChecked();

  await page.goto(`/flows/${String(flow.id)}`);
  await page.getByRole('button', { name: 'Run now' }).click();
  const latest = page.getByRole('region', { name: 'Latest attempt' });
  await expect(latest.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(latest.getByRole('progressbar', { name: /^orders: loaded/ })).toBeVisible();
  await expect(latest.getByRole('progressbar', { name: /^products: loaded/ })).toBeVisible();
  await expect(latest.getByRole('progressbar', { name: /^customers:/ })).toHaveCount(0);
});

test('an unused destination is deleted from the list; one in use is refused, naming its flows', async ({ page, request }) => {
  const name = `E2E unused ${unique()}`;
  await post(request, '/v2/destinations', { destinationSpec: 'files', displayName: name, properties: { bucket_url: 'e2e-unused', format: 'csv' } });
  await page.goto('/destinations');
  await signIn(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(/q=E2E/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('No flow');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'destinations-search');

  await table.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the destination “${name}”?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'destination-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete destination' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`No destination matches “${name}”.`)).toBeVisible();
  const left = (await (await request.get('/v2/destinations?limit=1000', { headers })).json()) as { data: { displayName: string }[] };
  expect(left.data.map((destination) => destination.displayName)).not.toContain(name);

  // The demo's JSON lines folder feeds several flows: Delete says which, and offers nothing to confirm.
  await page.goto('/destinations');
  await page.getByRole('table').getByRole('button', { name: 'Delete Local files (JSON lines)' }).click();
  const refused = page.getByRole('dialog', { name: '“Local files (JSON lines)” cannot be deleted' });
  await expect(refused.getByRole('link', { name: 'Shop orders to files' })).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Delete destination' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'destination-delete-refused');
  await refused.getByRole('button', { name: 'OK' }).click();
  await shoot(page, 'destinations-list');
});

test('the lists, the create flow both share, and a source’s configuration with Test connection beside Save', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/sources');
  await signIn(page);
  await expect(page.getByRole('table').getByRole('link', { name: 'Shop sample data' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'sources-list');

  await page.goto('/sources/new');
  await page.getByRole('searchbox', { name: 'Search source specs' }).fill('sample');
  await page.getByRole('radio', { name: 'Sample data' }).click();
  await expect(page.getByRole('region', { name: 'Spec summary' })).toContainText('Generated e-commerce tables');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'new-source');

  await page.goto('/destinations/new');
  await page.getByRole('radio', { name: 'Files (local folder)' }).click();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'new-destination');
  const name = `E2E parquet ${unique()}`;
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('button', { name: 'Create destination' }).click();
  await page.getByRole('textbox', { name: /^Folder/ }).fill('e2e-parquet');
  await page.getByRole('combobox', { name: /^Format/ }).click();
  await page.getByRole('option', { name: 'parquet' }).click();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'new-destination-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Format/ })).toHaveValue('parquet');

  // Rename in the header.
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'New name' }).fill(`${name} (renamed)`);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'destination-rename');
  await page.getByRole('textbox', { name: 'New name' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `${name} (renamed)` })).toBeVisible();

  await page.goto('/sources');
  await page.getByRole('table').getByRole('link', { name: 'Quick sample', exact: true }).click();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('region', { name: 'Test connection' }).getByText(/^All \d+ checks passed$/)).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'source-configuration');
});
