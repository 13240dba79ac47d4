import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { DEMO_KEY, signIn } from './sign-in';

// Connectors write only under the allowed folder, `<data dir>/files` by default (the e2e service's data dir).
const exportDir = join(process.env.FLOWDECK_E2E_DATA_DIR ?? tmpdir(), 'files', 'e2e-export');
mkdirSync(exportDir, { recursive: true });
test.afterAll(() => {
  rmSync(exportDir, { recursive: true, force: true });
});

test('creates and verifies a destination, creates and configures a source, shares a card that a stranger fills in', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/destinations/new');
  await signIn(page);

  // Destination: spec search, create, configure, verify.
  await page.getByRole('searchbox', { name: 'Search destination specs' }).fill('files');
  await page.getByRole('radio', { name: 'Files (local folder)' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('E2E export folder');
  await page.getByRole('button', { name: 'Create destination' }).click();
  await page.getByRole('textbox', { name: /^Folder/ }).fill(exportDir);
  await page.getByRole('combobox', { name: /^Format/ }).click();
  await page.getByRole('option', { name: 'jsonl' }).click();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/destinations\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E export folder' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  const results = page.getByRole('list', { name: 'Verification results' });
  await expect(results).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^All \d+ checks passed$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Source: spec search, summary, create, configure.
  await page.goto('/sources/new');
  await page.getByRole('searchbox', { name: 'Search source specs' }).fill('Postgre');
  await page.getByRole('radio', { name: 'PostgreSQL' }).click();
  const summary = page.getByRole('region', { name: 'Spec summary' });
  await expect(summary).toContainText('Replicate tables from a PostgreSQL database.');
  await expect(summary).toContainText('Authentication: User name and password');
  await page.getByRole('textbox', { name: /^Name/ }).fill('E2E shop database');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Create source' }).click();
  await expect(page.getByRole('complementary', { name: 'Setup instructions' })).toContainText('Create a read-only user');
  await page.getByRole('textbox', { name: /^Host/ }).fill('db.shop.example');
  await page.getByRole('textbox', { name: /^Port/ }).fill('5432');
  await page.getByRole('textbox', { name: /^Database/ }).fill('shop');
  await page.getByRole('textbox', { name: /^User/ }).fill('reader');
  await page
    .getByLabel(/^Password/, { exact: false })
    .and(page.locator('input'))
    .fill('first-secret');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/sources\/\d+\?tab=configuration$/);
  await expect(page.getByRole('group', { name: 'Password' })).toContainText('Saved, unchanged');

  // Share a configuration card.
  await page.getByRole('tab', { name: 'Configuration cards' }).click();
  await page.getByRole('button', { name: 'Share configuration link' }).click();
  await page.getByRole('textbox', { name: /^Instruction/ }).fill('Please type the new database password.');
  await page.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('region', { name: 'New configuration link' });
  await expect(created.getByRole('img', { name: 'QR code of the configuration link' })).toBeVisible();
  await expect(created.getByText(/^Expires in 6 d 23 h$/)).toBeVisible();
  const link = await created.getByRole('textbox', { name: 'Configuration link' }).inputValue();
  expect(link).toMatch(/\/cards\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('table', { name: 'Configuration cards' }).getByRole('row')).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);

  // A stranger: a fresh browser context with no session and no API key.
  const stranger = await browser.newContext();
  try {
    const recipient = await stranger.newPage();
    await recipient.goto(link);
    await expect(recipient.getByRole('heading', { level: 1, name: 'Configure E2E shop database' })).toBeVisible();
    await expect(recipient.getByText('Please type the new database password.')).toBeVisible();
    await expect(recipient.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(recipient);
    await recipient
      .getByLabel(/^Password/)
      .and(recipient.locator('input'))
      .fill('second-secret');
    await recipient.getByRole('button', { name: 'Send configuration' }).click();
    await expect(recipient.getByText('Thank you')).toBeVisible();
  } finally {
    await stranger.close();
  }

  // The link works once: opened again, in another fresh context, it says it was used.
  const later = await browser.newContext();
  try {
    const again = await later.newPage();
    await again.goto(link);
    await expect(again.getByRole('alert')).toContainText('This link has already been used');
    await expect(again.getByRole('button', { name: 'Send configuration' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(again);
  } finally {
    await later.close();
  }

  // The sender sees it as submitted, with no Revoke left to press.
  await page.reload();
  const cards = page.getByRole('table', { name: 'Configuration cards' });
  await expect(cards.getByRole('row').nth(1)).toContainText(/Submitted\s*at /);
  await expect(cards.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
});

test('the sender revokes a link from the cards tab; the stranger is then told it was revoked', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.goto('/sources');
  await signIn(page);
  // The source is made through the API: this test is about the link.
  const answer = await page.request.post('/v2/sources', {
    headers: { authorization: `Bearer ${DEMO_KEY}` },
    data: { sourceSpec: 'postgres', displayName: 'E2E revoked link source', properties: {} },
  });
  expect(answer.status()).toBe(201);
  const { data } = (await answer.json()) as { data: { id: number } };
  await page.goto(`/sources/${String(data.id)}?tab=cards`);
  await page.getByRole('button', { name: 'Share configuration link' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByRole('region', { name: 'New configuration link' }).getByRole('textbox', { name: 'Configuration link' }).inputValue();

  const cards = page.getByRole('table', { name: 'Configuration cards' });
  await expect(cards.getByRole('row').nth(1)).toContainText('Open');
  await cards.getByRole('button', { name: /^Revoke the link/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this configuration link?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards.getByRole('row').nth(1)).toContainText(/Revoked\s*at /);
  await expect(cards.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'New configuration link' })).toHaveCount(0);

  const stranger = await browser.newContext();
  try {
    const recipient = await stranger.newPage();
    await recipient.goto(link);
    await expect(recipient.getByRole('alert')).toContainText('This link has been revoked');
    await expect(recipient.getByRole('button', { name: 'Send configuration' })).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test('an expired or unknown card link says so', async ({ page }) => {
  await page.goto('/cards/not-a-real-card-hash');
  await expect(page.getByText('Unknown link')).toBeVisible();
});
