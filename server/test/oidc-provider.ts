import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';

// A real OpenID provider (oidc-provider) on loopback, for the SSO tests and the e2e spec. One client is
// registered for the redirect URIs given. Its login page is a plain form asking which account signs in (no
// password: the accounts are the test's); posting it signs that account in and grants the scopes asked for, so
// a test can drive a whole sign-in with HTTP requests alone (`signIn`), and Chromium with one form.

export interface TestAccount {
  sub: string;
  email: string;
  name: string;
  groups?: string[];
}

export interface TestProviderOptions {
  /** The Flowdeck callback URLs the client may be sent back to. */
  redirectUris: string[];
  accounts: TestAccount[];
  /** Port on 127.0.0.1 (any free one by default). */
  port?: number;
  /** The client's secret (a random one by default). */
  clientSecret?: string;
  /** How long an ID token is valid (asked at each token: a test may change it); a negative number issues tokens already expired. */
  idTokenTtlSeconds?: number | (() => number);
  /** Publish another key than the one tokens are signed with (under the same key id): every signature is then wrong. */
  publishWrongKey?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The FLOWDECK_OIDC_* settings for a service that signs in here. */
  env: Record<string, string>;
  /**
   * Follows a sign-in from the provider URL Flowdeck redirected to, signs `account` in, and answers the URL the
   * provider sends the browser back to (Flowdeck's callback, with its code and state).
   */
  signIn: (authorizationUrl: string, account: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** The client id the provider registers Flowdeck under. */
export const TEST_CLIENT_ID = 'flowdeck-test';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);

function loginPage(uid: string): string {
  const action = `/interaction/${escapeHtml(uid)}`;
  return `<!doctype html><html lang="en"><head><title>Test provider: sign in</title></head><body><main>
<h1>Test provider</h1><form method="post" action="${action}">
<label for="account">Account</label> <input id="account" name="account" autocomplete="username" required>
<button type="submit">Continue</button></form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const KEY_ID = 'test';
const newSigningKey = () => ({
  ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  kid: KEY_ID,
  alg: 'RS256',
  use: 'sig',
});

/** The library's own in-memory store, named as a choice: a test provider's sessions and codes need not outlive it. */
class TestStore extends MemoryAdapter {}

function providerConfiguration(options: TestProviderOptions, clientSecret: string) {
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const { idTokenTtlSeconds = 600 } = options;
  const idTokenTtl = typeof idTokenTtlSeconds === 'function' ? idTokenTtlSeconds : () => idTokenTtlSeconds;
  return {
    adapter: TestStore,
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [newSigningKey()] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    // Groups under `profile`, released by the userinfo endpoint (not in the ID token), as many providers do.
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    findAccount: (_context: unknown, sub: string): Account | undefined => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account, groups: account.groups ?? [], email_verified: true }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true, methods: ['S256'] },
    ttl: { IdToken: idTokenTtl, AccessToken: 600, AuthorizationCode: 60, Grant: 600, Interaction: 600, Session: 600 },
  };
}

/** A cookie jar for one simulated browser on the provider's origin. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.trim().split(/=(.*)/s);
        const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
        if (expired) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/** The public half of a key the provider never signs with. */
function publicKeys() {
  const { n, e, kid, alg, use } = newSigningKey();
  return { keys: [{ kty: 'RSA', n, e, kid, alg, use }] };
}

export async function startOidcProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const wrongKeys = options.publishWrongKey ? publicKeys() : null;
  let provider: Provider | null = null;
  const server = createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) return void interaction(provider, req, res);
    if (options.publishWrongKey && req.url === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(wrongKeys));
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  provider = new Provider(issuer, providerConfiguration(options, clientSecret));

  async function interaction(op: Provider, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await op.interactionDetails(req, res);
      if (req.method !== 'POST') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
      const accountId = (await readForm(req)).get('account') ?? '';
      if (!options.accounts.some((account) => account.sub === accountId)) return void res.writeHead(400).end('unknown account');
      const grant = new op.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(details.params.scope ?? 'openid');
      await op.interactionFinished(req, res, { login: { accountId }, consent: { grantId: await grant.save() } });
    } catch (error) {
      res.writeHead(400).end(error instanceof Error ? error.message : 'interaction failed');
    }
  }

  async function signIn(authorizationUrl: string, account: string): Promise<string> {
    const jar = cookieJar();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (!url.startsWith(issuer)) return url;
      const method = url.startsWith(`${issuer}/interaction/`) ? 'POST' : 'GET';
      const response = await fetch(url, {
        method,
        redirect: 'manual',
        headers: { cookie: jar.header(), ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: method === 'POST' ? new URLSearchParams({ account }).toString() : undefined,
      });
      jar.take(response);
      const location = response.headers.get('location');
      if (!location) throw new Error(`The provider answered ${String(response.status)} at ${url}: ${await response.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error('The provider redirected more than 10 times.');
  }

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret,
    env: { FLOWDECK_OIDC_ISSUER: issuer, FLOWDECK_OIDC_CLIENT_ID: TEST_CLIENT_ID, FLOWDECK_OIDC_CLIENT_SECRET: clientSecret },
    signIn,
    async stop() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      });
    },
  };
}
