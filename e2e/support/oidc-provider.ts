import type { Page } from '@playwright/test';
import { CALLBACK_PATH } from '../../server/auth/oidc';
import { startOidcProvider, TEST_CLIENT_ID, type TestAccount, type TestProvider } from '../../server/test/oidc-provider';

// The OpenID provider an SSO spec signs in at: the same real provider the server tests use (oidc-provider on
// loopback), on a port chosen before the service starts, since the service reads its issuer from its settings.
// playwright.config.ts gives the service `ssoServiceEnv(port)`; the spec starts the provider with
// `startSsoProvider` in beforeAll (the service discovers it at the first sign-in) and stops it in afterAll.
// In Chromium, the provider's page asks which account signs in: `signInAtProvider`.

/** One account per role the group mapping gives, and one in no mapped group (the default role). */
export const SSO_ACCOUNTS: TestAccount[] = [
  { sub: 'ada', email: 'ada@example.com', name: 'Ada Lovelace', groups: ['flowdeck-admins'] },
  { sub: 'edsger', email: 'edsger@example.com', name: 'Edsger Dijkstra', groups: ['flowdeck-editors'] },
  { sub: 'grace', email: 'grace@example.com', name: 'Grace Hopper', groups: ['oncall'] },
  { sub: 'vera', email: 'vera@example.com', name: 'Vera Viewer' },
];

/** Known to the spec and the service alike; a test provider's only client. */
const CLIENT_SECRET = 'e2e-sso-client-secret-not-for-production';

/** The service's FLOWDECK_OIDC_* settings for a provider on this port. */
export function ssoServiceEnv(port: number | string): Record<string, string> {
  return {
    FLOWDECK_OIDC_ISSUER: `http://127.0.0.1:${String(port)}`,
    FLOWDECK_OIDC_CLIENT_ID: TEST_CLIENT_ID,
    FLOWDECK_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    FLOWDECK_OIDC_GROUP_ROLES: 'flowdeck-admins=admin,flowdeck-editors=editor,oncall=operator',
  };
}

/** Starts the provider on `port` (the one given to ssoServiceEnv), its client registered for the service at `baseURL`. */
export function startSsoProvider(baseURL: string, port: number, options: { idTokenTtlSeconds?: number | (() => number) } = {}): Promise<TestProvider> {
  return startOidcProvider({
    port,
    clientSecret: CLIENT_SECRET,
    redirectUris: [new URL(CALLBACK_PATH, baseURL).href],
    accounts: SSO_ACCOUNTS,
    idTokenTtlSeconds: options.idTokenTtlSeconds,
  });
}

/** On the provider's page: signs in as `account`, as a person would. */
export async function signInAtProvider(page: Page, account: string): Promise<void> {
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Continue' }).click();
}
