import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

// What a user sees while the dashboard's code loads, or when it does not come.

/** Keeps every script of the build from loading. */
async function withoutTheDashboardsCode(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

const LOAD_FAILURE = 'Flowdeck could not load. Check your connection, then reload the page.';

test('a page whose code does not come says so instead of staying blank', async ({ page }) => {
  await withoutTheDashboardsCode(page);
  await page.goto('/flows');
  await expect(page.getByRole('alert')).toHaveText(LOAD_FAILURE);
});

test('a page whose code stops coming once the dashboard runs says so', async ({ page }) => {
  await page.goto('/flows');
  await signIn(page);
  await withoutTheDashboardsCode(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Alerts' }).click();
  // The router reloads the page once (a deploy may have replaced the code); the code still does not come.
  await expect(page.getByRole('alert')).toHaveText(LOAD_FAILURE);
});

test('the page follows the colour scheme before any of the dashboard’s code runs', async ({ page }) => {
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
