import { expect, type Page } from '@playwright/test';

export const DEMO_KEY = 'flowdeck-demo-key';

/** Signs in through the real form, as a user would. */
export async function signIn(page: Page, key = DEMO_KEY) {
  await page.getByLabel(/^API key/).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
