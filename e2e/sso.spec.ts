import type { Page } from '@playwright/test';
import type { TestProvider } from '../server/test/oidc-provider';
import { expect, test } from './fixtures';
import { signInAtProvider, startSsoProvider } from './support/oidc-provider';

// SSO end to end: Chromium signs in at a real OpenID provider on loopback (oidc-provider) and arrives
// in the dashboard with the role the provider's groups map to. A callback with a wrong state, a code
// used twice and an ID token already expired are each refused, and the sign-in page says so.

const port = Number(process.env.E2E_SSO_PORT);
/** The lifetime of the ID tokens the provider issues now (a test makes them expired). */
let idTokenTtl = 600;
let provider: TestProvider;

test.beforeAll(async ({ baseURL }) => {
  provider = await startSsoProvider(baseURL ?? '', port, { idTokenTtlSeconds: () => idTokenTtl });
});
test.afterAll(async () => {
  await provider.stop();
});

/** Starts an SSO sign-in and signs `account` in at the provider; answers the callback URL, which the browser then follows unless `hold`. */
async function signInWithSso(page: Page, account: string, { hold = false } = {}): Promise<string> {
  let callback = '';
  await page.route('**/v2/auth/oidc/callback*', async (route) => {
    callback = route.request().url();
    if (hold) await route.abort();
    else await route.continue();
  });
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(page, account);
  await expect.poll(() => callback).not.toBe('');
  await page.unroute('**/v2/auth/oidc/callback*');
  return callback;
}

const signInRefused = async (page: Page) => {
  await expect(page).toHaveURL(/\/sign-in\?error=sso/);
  await expect(page.getByRole('alert')).toContainText(/SSO sign-in/i);
};

test('a person signs in with the identity provider and arrives with the role their groups give', async ({ page }) => {
  await signInWithSso(page, 'grace');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: /Grace Hopper/ }).click();
  await expect(page.getByText('Operator', { exact: false }).first()).toBeVisible();
});

test('a callback with a state this browser was not given is refused', async ({ page }) => {
  const callback = new URL(await signInWithSso(page, 'vera', { hold: true }));
  callback.searchParams.set('state', 'not-the-state-it-was-given');
  await page.goto(callback.href);
  await signInRefused(page);
});

test('a code used once is refused the second time', async ({ page }) => {
  const callback = await signInWithSso(page, 'vera');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto(callback);
  await signInRefused(page);
});

test('an ID token that has expired is refused', async ({ page }) => {
  idTokenTtl = -120;
  try {
    await signInWithSso(page, 'vera');
    await signInRefused(page);
  } finally {
    idTokenTtl = 600;
  }
});
