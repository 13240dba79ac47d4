import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { createPacedFlow } from './paced-flow';
import { shoot } from './screenshots';
import { signIn } from './sign-in';

// A team on the real service: an admin makes keys of each role on the Keys page, a viewer sees flows and
// cannot run them (disabled, with the reason), an operator runs and cancels one, the admin invites a person
// and revokes a key, and the Audit log shows all of it.

const stamp = Date.now();
const FLOW = `Team e2e ${String(stamp)}`;

/** Makes a key on the Keys page and reads it from where it is shown once. */
async function makeKey(page: Page, name: string, role: 'viewer' | 'operator'): Promise<string> {
  await page.goto('/keys');
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('region', { name: 'New API key' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${role[0]?.toUpperCase() ?? ''}${role.slice(1)}:`) }).click();
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'shown only this once' });
  const key = (await shown.getByLabel('API key', { exact: true }).textContent())?.trim() ?? '';
  expect(key).not.toBe('');
  return key;
}

/** A fresh browser (its own cookie) signed in with a key, on the flow's page. */
async function asKey(browser: Browser, key: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/flows');
  await signIn(page, key);
  await page.getByRole('searchbox', { name: 'Search' }).fill(FLOW);
  await page.getByRole('table').getByRole('link', { name: FLOW, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: FLOW })).toBeVisible();
  return page;
}

test.describe.configure({ mode: 'serial' });

test('roles, keys, people and the audit log, end to end', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await createPacedFlow(request, {
    name: FLOW,
    sourceName: `Team e2e source ${String(stamp)}`,
    properties: { seed: 7, row_count: 100_000, rows_per_second: 500 },
  });

  // The sign-in page of this site offers a password and a key; the key starts a browser session.
  await page.goto('/sign-in');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'team-sign-in');
  await signIn(page);
  expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);

  const viewerKey = await makeKey(page, `Viewer ${String(stamp)}`, 'viewer');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'team-keys');
  const operatorKey = await makeKey(page, `Operator ${String(stamp)}`, 'operator');

  // A viewer sees the flow, and Run now disabled with the reason.
  const viewer = await asKey(browser, viewerKey);
  const run = viewer.getByRole('button', { name: 'Run now' });
  await expect(run).toHaveAttribute('aria-disabled', 'true');
  await expect(run).toHaveAccessibleDescription('Viewers can’t run flows. Ask an operator or admin.');
  await run.hover();
  await expect(viewer.getByRole('tooltip')).toHaveText('Viewers can’t run flows. Ask an operator or admin.');
  await shoot(viewer, 'team-flow-viewer');
  await viewer.context().close();

  // An operator runs it and cancels the run.
  const operator = await asKey(browser, operatorKey);
  await operator.getByRole('button', { name: 'Run now' }).click();
  await expect(operator.getByRole('region', { name: 'Latest attempt' }).getByText('Running', { exact: true })).toBeVisible({ timeout: 20_000 });
  await operator.getByRole('button', { name: 'Cancel run' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Cancel run' }).click();
  await expect(operator.getByRole('region', { name: 'Latest attempt' }).getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(operator.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription('Operators can’t delete flows. Ask an editor or admin.');
  await operator.context().close();

  // The admin invites a person (the link shown once) and revokes the viewer's key.
  const email = `lee.${String(stamp)}@example.com`;
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel(/^Name/).fill('Lee Park');
  await invite.getByLabel(/^Email/).fill(email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = (await page.getByLabel('invitation link', { exact: true }).textContent())?.trim() ?? '';
  expect(link).toMatch(/\/welcome#token=/);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'team-people');

  await page.goto('/keys');
  await page.getByRole('button', { name: `Revoke the key “Viewer ${String(stamp)}”` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('table', { name: 'API keys' }).getByText(`Viewer ${String(stamp)}`)).toHaveCount(0);
  const revoked = await request.get('/v2/flows', { headers: { Authorization: `Bearer ${viewerKey}` } });
  expect(revoked.status()).toBe(401);

  // The invited person opens the link, sets a password and lands in the dashboard.
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(new URL(link).pathname + new URL(link).hash);
  await expect(invited.getByRole('heading', { name: 'Welcome to Flowdeck' })).toBeVisible();
  await expectNoSeriousAxeViolations(invited);
  await shoot(invited, 'team-welcome');
  await invited.locator('input[name="password"]').fill('a long enough password');
  await invited.locator('input[name="confirm"]').fill('a long enough password');
  await invited.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invited.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await invited.context().close();

  // The audit log shows it all.
  await page.goto('/audit');
  const entries = page.getByRole('list', { name: 'Audit entries' });
  await expect(entries.getByText(`created API key “Operator ${String(stamp)}”`)).toBeVisible();
  await expect(entries.getByText(`Key “Operator ${String(stamp)}” ran flow “${FLOW}”`)).toBeVisible();
  await expect(entries.getByText(`Key “Operator ${String(stamp)}” cancelled the run of flow “${FLOW}”`)).toBeVisible();
  await expect(entries.getByText(/invited person “Lee Park”/)).toBeVisible();
  await expect(entries.getByText(`revoked API key “Viewer ${String(stamp)}”`, { exact: false })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'team-audit');
});
