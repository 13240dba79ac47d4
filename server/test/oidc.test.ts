import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_PATH } from '../auth/oidc';
import { readOidcConfig } from '../auth/oidc-config';
import { oidcRoutes, type SignInRefusal } from '../auth/oidc-routes';
import { createGuessThrottle, type GuessThrottle } from '../http/guess-throttle';
import { type Harness, startHarness, testLogger } from './harness';
import { startOidcProvider, type TestAccount, type TestProvider } from './oidc-provider';

// Sign-in with OpenID Connect against a real provider (oidc-provider) on loopback: the sign-in routes on the
// service's own database, the provider's redirects followed as a browser would. What a person notices: they
// arrive signed in with the role their groups give, and a sign-in that is forged, replayed, carried into
// another browser, too old, or sent elsewhere is refused with /sign-in?error=... and nothing secret logged.

const ACCOUNTS: TestAccount[] = [
  { sub: 'ada', email: 'ada@example.com', name: 'Ada Lovelace' },
  { sub: 'grace', email: 'grace@example.com', name: 'Grace Hopper', groups: ['oncall', 'data-admins'] },
  { sub: 'linus', email: 'linus@example.com', name: 'Linus', groups: ['oncall', 'unmapped'] },
];
const GROUP_ROLES = { FLOWDECK_OIDC_GROUP_ROLES: 'data-admins=admin,oncall=operator' };

let harness: Harness;
const logLines: string[] = [];
const refusals: SignInRefusal[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  harness = await startHarness();
  stops.push(() => harness.stop());
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

interface Site {
  origin: string;
  provider: TestProvider;
}

interface SiteOptions {
  env?: Record<string, string>;
  idTokenTtlSeconds?: number;
  publishWrongKey?: boolean;
  throttle?: GuessThrottle;
  startThrottle?: GuessThrottle;
}

/**
 * The sign-in routes under /v2/auth/oidc on a server of their own, signing in at a provider of their own. The
 * person's identity comes back as JSON where the service will start a session.
 */
async function startSite(options: SiteOptions = {}): Promise<Site> {
  const app = new Hono();
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const provider = await startOidcProvider({
    redirectUris: [origin + CALLBACK_PATH],
    accounts: ACCOUNTS,
    idTokenTtlSeconds: options.idTokenTtlSeconds,
    publishWrongKey: options.publishWrongKey,
  });
  stops.push(() => provider.stop());
  const config = readOidcConfig({ ...provider.env, ...options.env });
  if (!config) throw new Error('SSO settings were not read.');
  const pool = harness.service.pool;
  if (!pool) throw new Error('The test service has no database.');
  const logger = testLogger({ logDestination: { write: (line: string) => void logLines.push(line) } });
  app.route(
    '/v2/auth/oidc',
    oidcRoutes({
      db: pool,
      config,
      publicOrigin: () => origin,
      logger,
      throttle: options.throttle,
      startThrottle: options.startThrottle,
      onSignedIn: (c, identity, redirectTo) => c.json({ identity, redirectTo }),
      onRefused: (_c, refusal) => {
        refusals.push(refusal);
      },
    }),
  );
  return { origin, provider };
}

const get = (url: string, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** Starts a sign-in as the dashboard's button does: the provider URL to go to, and the browser's state cookie. */
async function startSignIn(site: Site, redirect = '/flows') {
  const answer = await get(`${site.origin}/v2/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`);
  expect(answer.status).toBe(302);
  const setCookie = answer.headers.getSetCookie()[0] ?? '';
  return { location: answer.headers.get('location') ?? '', setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

/** A whole sign-in up to the callback URL the provider sends the browser back to. */
async function callbackFor(site: Site, account: string, redirect = '/flows') {
  const started = await startSignIn(site, redirect);
  return { ...started, callbackUrl: await site.provider.signIn(started.location, account) };
}

const refusedWith = (answer: Response, code: string) => {
  expect(answer.status).toBe(302);
  expect(answer.headers.get('location')).toBe(`/sign-in?error=${code}`);
};

const pendingStates = async () => (await harness.sql<{ state: string }>('SELECT state FROM oidc_logins')).map((row) => row.state);

describe('sign-in with OpenID Connect', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: GROUP_ROLES });
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce, kept server side', async () => {
    const { location, setCookie, cookie } = await startSignIn(site, '/flows?status=failed');
    const url = new URL(location);
    expect(url.origin).toBe(site.provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(site.origin + CALLBACK_PATH);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(cookie).toBe(`flowdeck_oidc_state=${state}`);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\/v2\/auth\/oidc/);
    expect(setCookie).not.toMatch(/; Secure/); // the public origin is http here
    const [row] = await harness.sql<{ redirect_to: string; code_verifier: string }>('SELECT * FROM oidc_logins WHERE state = $1', [state]);
    expect(row?.redirect_to).toBe('/flows?status=failed');
    expect(location).not.toContain(row?.code_verifier);
  });

  it('signs a person in with the default role when no group of theirs is mapped, and uses the state once', async () => {
    const { callbackUrl, cookie } = await callbackFor(site, 'ada', '/flows?status=failed');
    const answer = await get(callbackUrl, cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      identity: { subject: 'ada', issuer: site.provider.issuer, email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace', role: 'viewer' },
      redirectTo: '/flows?status=failed',
    });
    expect(answer.headers.getSetCookie().join()).toMatch(/flowdeck_oidc_state=;.*Max-Age=0/);
    expect(await pendingStates()).not.toContain(new URL(callbackUrl).searchParams.get('state'));
  });

  it('gives the highest role the person’s groups map to', async () => {
    const grace = await callbackFor(site, 'grace');
    expect(await (await get(grace.callbackUrl, grace.cookie)).json()).toMatchObject({ identity: { subject: 'grace', role: 'admin' } });
    const linus = await callbackFor(site, 'linus');
    expect(await (await get(linus.callbackUrl, linus.cookie)).json()).toMatchObject({ identity: { subject: 'linus', role: 'operator' } });
  });

  it('refuses a state it did not give out, and one given to another sign-in', async () => {
    const { callbackUrl, cookie } = await callbackFor(site, 'ada');
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'made-up-state-0000000000000000000000000000');
    refusedWith(await get(forged.href, 'flowdeck_oidc_state=made-up-state-0000000000000000000000000000'), 'sso_state');
    const other = await startSignIn(site);
    const swapped = new URL(callbackUrl);
    swapped.searchParams.set('state', new URL(other.location).searchParams.get('state') ?? '');
    refusedWith(await get(swapped.href, cookie), 'sso_state');
  });

  it('refuses a replayed callback, and a used code sent with a new state', async () => {
    const first = await callbackFor(site, 'ada');
    expect((await get(first.callbackUrl, first.cookie)).status).toBe(200);
    refusedWith(await get(first.callbackUrl, first.cookie), 'sso_state');
    // The same code under a fresh sign-in's state: the provider refuses a code it has already exchanged.
    const second = await startSignIn(site);
    const replay = new URL(first.callbackUrl);
    replay.searchParams.set('state', new URL(second.location).searchParams.get('state') ?? '');
    refusedWith(await get(replay.href, second.cookie), 'sso_failed');
  });

  it('refuses a callback carried into another browser, and the browser that started it can still finish', async () => {
    const { callbackUrl, cookie } = await callbackFor(site, 'ada');
    refusedWith(await get(callbackUrl), 'sso_state');
    refusedWith(await get(callbackUrl, 'flowdeck_oidc_state=another-browsers-state'), 'sso_state');
    expect((await get(callbackUrl, cookie)).status).toBe(200);
  });

  it('refuses a sign-in started more than 10 minutes ago', async () => {
    const { callbackUrl, cookie } = await callbackFor(site, 'ada');
    const state = new URL(callbackUrl).searchParams.get('state');
    await harness.sql("UPDATE oidc_logins SET created_at = now() - interval '11 minutes' WHERE state = $1", [state]);
    refusedWith(await get(callbackUrl, cookie), 'sso_state');
    expect(await pendingStates()).not.toContain(state);
  });

  it('says the provider refused when the person declined there', async () => {
    const { location, cookie } = await startSignIn(site);
    const state = new URL(location).searchParams.get('state') ?? '';
    const declined = `${site.origin}${CALLBACK_PATH}?error=access_denied&state=${state}&iss=${encodeURIComponent(site.provider.issuer)}`;
    refusedWith(await get(declined, cookie), 'sso_denied');
  });

  it('refuses to send the person anywhere but a dashboard path after signing in', async () => {
    const before = await pendingStates();
    for (const redirect of [
      '//evil.example/flows',
      'https://evil.example/',
      '/\\evil.example',
      '/.//evil.example',
      'flows',
      '/v2/keys',
      '/\r\nSet-Cookie:x',
      '/\u0007',
    ]) {
      const answer = await get(`${site.origin}/v2/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`);
      expect(answer.status, redirect).toBe(400);
      expect(answer.headers.get('set-cookie'), redirect).toBeNull();
    }
    expect(await pendingStates()).toEqual(before);
    const { callbackUrl, cookie } = await callbackFor(site, 'ada', '/workflows/3?tab=runs#latest');
    expect(await (await get(callbackUrl, cookie)).json()).toMatchObject({ redirectTo: '/workflows/3?tab=runs#latest' });
  });

  it('logs refusals without the code, the tokens or the client secret', async () => {
    const { callbackUrl, cookie } = await callbackFor(site, 'ada');
    const code = new URL(callbackUrl).searchParams.get('code') ?? '';
    const logged = logLines.length;
    refusedWith(await get(callbackUrl), 'sso_state');
    expect((await get(callbackUrl, cookie)).status).toBe(200);
    refusedWith(await get(callbackUrl, cookie), 'sso_state');
    const log = logLines.slice(logged).join('');
    expect(log).toContain('sso sign-in refused');
    expect(refusals.slice(-2)).toEqual([
      { code: 'sso_state', reason: 'The state is missing or is not this browser’s.', address: '127.0.0.1' },
      { code: 'sso_state', reason: 'The state is unknown, expired or already used.', address: '127.0.0.1' },
    ]);
    expect(JSON.stringify(refusals)).not.toContain(code);
    expect(code.length).toBeGreaterThan(20);
    expect(log).not.toContain(code);
    expect(logLines.join('')).not.toContain(site.provider.clientSecret);
  });
});

describe('an ID token the provider should not have sent', () => {
  it('is refused when it expired', async () => {
    // The provider signs ID tokens that expired two minutes before they were issued (past the 30 s clock tolerance).
    const site = await startSite({ idTokenTtlSeconds: -120 });
    const { callbackUrl, cookie } = await callbackFor(site, 'ada');
    refusedWith(await get(callbackUrl, cookie), 'sso_failed');
    expect(logLines.join('')).toMatch(/"code":"sso_failed","reason":"[^"]*\\"exp\\" \(expiration time\)/);
  });

  it('is refused when its signature does not match the provider’s published keys', async () => {
    const site = await startSite({ publishWrongKey: true });
    const { callbackUrl, cookie } = await callbackFor(site, 'ada');
    refusedWith(await get(callbackUrl, cookie), 'sso_failed');
    expect(logLines.join('')).toMatch(/"code":"sso_failed","reason":"[^"]*signature/);
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the person back to the sign-in page saying so, and is tried again on the next sign-in', async () => {
    const site = await startSite();
    await site.provider.stop();
    const answer = await get(`${site.origin}/v2/auth/oidc/start?redirect=/flows`);
    refusedWith(answer, 'sso_unavailable');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(logLines.join('')).toContain('sso sign-in could not start');

    // The provider is back (same address, same client): the next sign-in discovers it.
    const back = await startOidcProvider({
      redirectUris: [site.origin + CALLBACK_PATH],
      accounts: ACCOUNTS,
      port: Number(new URL(site.provider.issuer).port),
      clientSecret: site.provider.clientSecret,
    });
    stops.push(() => back.stop());
    const { callbackUrl, cookie } = await callbackFor({ ...site, provider: back }, 'ada');
    expect(await (await get(callbackUrl, cookie)).json()).toMatchObject({ identity: { subject: 'ada' } });
  });
});

describe('failed callbacks from one address', () => {
  it('are throttled: past the limit the answer is 429 with Retry-After', async () => {
    const site = await startSite({ throttle: createGuessThrottle(Date.now, 2, 60) });
    const forged = (n: number) => `${site.origin}${CALLBACK_PATH}?code=guess${String(n)}&state=guess${String(n)}`;
    refusedWith(await get(forged(1), 'flowdeck_oidc_state=guess1'), 'sso_state');
    refusedWith(await get(forged(2), 'flowdeck_oidc_state=guess2'), 'sso_state');
    const throttled = await get(forged(3), 'flowdeck_oidc_state=guess3');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sign-ins started from one address', () => {
  it('are throttled: each stores a pending sign-in', async () => {
    const site = await startSite({ startThrottle: createGuessThrottle(Date.now, 2, 60) });
    const start = () => fetch(`${site.origin}/v2/auth/oidc/start?redirect=/flows`, { redirect: 'manual' });
    expect((await start()).status).toBe(302);
    expect((await start()).status).toBe(302);
    const throttled = await start();
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the SSO settings', () => {
  const base = { FLOWDECK_OIDC_ISSUER: 'https://id.example.com', FLOWDECK_OIDC_CLIENT_ID: 'flowdeck', FLOWDECK_OIDC_CLIENT_SECRET: 's3cret' };

  it('leave SSO off without an issuer, and read the defaults with one', () => {
    expect(readOidcConfig({})).toBeNull();
    expect(readOidcConfig(base)).toMatchObject({ issuer: 'https://id.example.com', defaultRole: 'viewer', roleClaim: 'groups' });
  });

  it('read the group mapping, with ; between entries when group names hold commas', () => {
    const config = readOidcConfig({ ...base, FLOWDECK_OIDC_GROUP_ROLES: 'cn=ops,ou=groups=operator; cn=admins,ou=groups=admin' });
    expect([...(config?.groupRoles ?? [])]).toEqual([
      ['cn=ops,ou=groups', 'operator'],
      ['cn=admins,ou=groups', 'admin'],
    ]);
  });

  it('stop the start with a message naming a bad setting', () => {
    expect(() => readOidcConfig({ ...base, FLOWDECK_OIDC_DEFAULT_ROLE: 'owner' })).toThrow(
      'FLOWDECK_OIDC_DEFAULT_ROLE must be one of viewer, operator, editor, admin, got "owner".',
    );
    expect(() => readOidcConfig({ ...base, FLOWDECK_OIDC_GROUP_ROLES: 'oncall=root' })).toThrow(/FLOWDECK_OIDC_GROUP_ROLES must be one of/);
    expect(() => readOidcConfig({ ...base, FLOWDECK_OIDC_GROUP_ROLES: 'oncall' })).toThrow(/entries are group=role/);
    expect(() => readOidcConfig({ ...base, FLOWDECK_OIDC_CLIENT_SECRET: '' })).toThrow(/FLOWDECK_OIDC_CLIENT_SECRET must be set/);
    expect(() => readOidcConfig({ ...base, FLOWDECK_OIDC_ISSUER: 'http://id.example.com' })).toThrow(/https URL \(http only on localhost\)/);
    expect(readOidcConfig({ ...base, FLOWDECK_OIDC_ISSUER: 'http://127.0.0.1:4400' })?.issuer).toBe('http://127.0.0.1:4400');
  });
});
