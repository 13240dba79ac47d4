import { expect, type Page } from '@playwright/test';

export const DEMO_KEY = 'flowdeck-demo-key';

/** Signs in through the real form, as a user would. */
export async function signIn(page: Page, key = DEMO_KEY) {
  await page.getByLabel(/^API key/).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The signed-in shell's header: its Sign out sits in the closed navigation on a phone, out of sight.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Flowdeck' })).toBeVisible();
}

/** Opens /flows, signs in, finds the flow by name and opens its page. */
export async function signInAndOpenFlow(page: Page, name: string) {
  await page.goto('/flows');
  await signIn(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByRole('table').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
