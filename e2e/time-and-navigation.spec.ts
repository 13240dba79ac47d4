import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn, signInAndOpenFlow } from './sign-in';

// Issue 13: every date says its zone (Local or UTC, from the header, remembered), one not-found page inside
// the shell, breadcrumbs, and lists as cards on a phone. The browser runs in New York time, so Local and UTC
// differ whatever the machine's zone.
test.use({ timezoneId: 'America/New_York' });

test('dates switch to UTC and back from the header, and the choice is remembered', async ({ page }) => {
  test.slow();
  await signInAndOpenFlow(page, 'Shop orders to files');
  const started = page.getByRole('region', { name: 'Latest attempt' }).locator('time').first();
  const zone = page.getByRole('radiogroup', { name: 'Time zone of dates' });
  await expect(started).toHaveText(/ (EST|EDT)$/);
  const local = await started.textContent();

  await zone.getByText('UTC', { exact: true }).click();
  await expect(started).toHaveText(/ UTC$/);
  expect(await started.textContent()).not.toBe(local);
  // Every date of the page follows: the attempts table's too.
  await expect(page.getByRole('table', { name: 'Run attempts' }).locator('time').first()).toHaveText(/ UTC$/);
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Latest attempt' }).locator('time').first()).toHaveText(/ UTC$/);

  await zone.getByText('Local', { exact: true }).click();
  await expect(started).toHaveText(local ?? '');
});

test('an unknown flow id shows the not-found page inside the shell, with a way back', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page);
  await page.goto('/flows/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Back to flows' }).click();
  await expect(page).toHaveURL(/\/flows$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
});

test('detail pages carry breadcrumbs back to their list, and pass axe', async ({ page }) => {
  test.slow();
  await page.goto('/sign-in');
  await signIn(page);
  for (const [path, section] of [
    ['/workflows/1', 'Workflows'],
    ['/sources/1?tab=cards', 'Sources'],
    ['/destinations/1', 'Destinations'],
    ['/flows/new', 'Flows'],
  ] as const) {
    await page.goto(path);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: section })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists are stacked cards, nothing scrolls sideways, and the pages pass axe', async ({ page }) => {
    test.slow();
    await page.goto('/sign-in');
    await signIn(page);
    for (const [path, list] of [
      ['/flows', 'Flows'],
      ['/workflows', 'Workflows'],
      ['/flows/1', 'Run attempts'],
    ] as const) {
      await page.goto(path);
      const cards = page.getByRole('list', { name: list });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('table', { name: list })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page);
    }
  });
});
