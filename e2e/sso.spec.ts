import type { Page, Request } from '@playwright/test';
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

/** Signs `account` in with SSO, as a person would; answers the callback URL the provider sent the browser to. */
async function signInWithSso(page: Page, account: string): Promise<string> {
  let callback = '';
  // The provider's redirects are followed by the browser: seen as requests, not routable.
  const note = (request: Request) => {
    if (request.url().includes('/v2/auth/oidc/callback')) callback = request.url();
  };
  page.on('request', note);
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(page, account);
  await expect.poll(() => callback).not.toBe('');
  page.off('request', note);
  return callback;
}

/** Back on the sign-in page, which says the SSO sign-in failed (`code`: the service's reason). */
const signInRefused = async (page: Page, code: 'sso_state' | 'sso_failed') => {
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?error=${code}$`));
  await expect(page.getByRole('alert')).toContainText('SSO sign-in failed');
};

test('a person signs in with the identity provider and arrives with the role their groups give', async ({ page }) => {
  await signInWithSso(page, 'grace');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(/Grace Hopper\s*operator/i);
});

test('a callback with a state this browser was not given is refused', async ({ page }) => {
  const callback = new URL(await signInWithSso(page, 'vera'));
  await page.context().clearCookies();
  callback.searchParams.set('state', 'not-the-state-it-was-given');
  await page.goto(callback.href);
  await signInRefused(page, 'sso_state');
});

test('a code used once is refused the second time', async ({ page }) => {
  const callback = await signInWithSso(page, 'vera');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.context().clearCookies();
  await page.goto(callback);
  await signInRefused(page, 'sso_state');
});

test('an ID token that has expired is refused', async ({ page }) => {
  idTokenTtl = -120;
  try {
    await signInWithSso(page, 'vera');
    await signInRefused(page, 'sso_failed');
  } finally {
    idTokenTtl = 600;
  }
});
