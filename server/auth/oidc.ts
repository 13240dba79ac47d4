import { createHash, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type { Queryable } from '../db/pool';
import { insertOidcLogin, type PendingLogin, takeOidcLogin } from '../store/oidc-logins';
import { claimsOf, discover, failureReason } from './oidc-client';
import type { UserRole } from '@/api/roles';
import { type OidcConfig, roleFromClaims } from './oidc-config';

// Sign-in with OpenID Connect, authorization code flow with PKCE (S256), a random state and nonce. What the
// callback must check is kept in Postgres (oidc_logins), never trusted from the browser, and used once; the
// browser that started the sign-in holds the state in a cookie too, so a callback URL carried into another
// browser is refused. openid-client checks the ID token: signature, issuer, audience, expiry and nonce.

/** Where the provider sends the person back, under the public origin (register this URI at the provider). */
export const CALLBACK_PATH = '/v2/auth/oidc/callback';
/** How long a started sign-in may take. */
export const PENDING_LOGIN_SECONDS = 600;

export interface OidcIdentity {
  /** The provider's stable id of the person (`sub`): with `issuer`, the key to find them again. */
  subject: string;
  issuer: string;
  email: string | null;
  /** Whether the provider says it checked the email: never match an existing account by an unverified one. */
  emailVerified: boolean;
  name: string | null;
  role: UserRole;
}

/** Why a sign-in failed, short enough for `/sign-in?error=`. */
export type SignInFailure = 'sso_redirect' | 'sso_state' | 'sso_denied' | 'sso_failed' | 'sso_unavailable';

export class OidcSignInError extends Error {
  constructor(
    readonly code: SignInFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface OidcSignIn {
  /** The provider URL to send the browser to; `pending.state` goes into the browser's cookie. */
  beginSignIn: (redirectTo: string | undefined) => Promise<{ authorizationUrl: string; pending: PendingLogin }>;
  /** Checks the provider's answer (the callback URL under the public origin) and the browser's state cookie. */
  finishSignIn: (callbackUrl: URL, cookie: string | undefined) => Promise<{ identity: OidcIdentity; redirectTo: string }>;
}

const DASHBOARD_BASE = 'http://dashboard.invalid';

/** The dashboard path to open after signing in, or null for anything else (another host, `//host`, the API). */
export function dashboardPath(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (raw.length > 2048 || !raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  const url = new URL(raw, DASHBOARD_BASE);
  // Checked after normalising: `/.//host` becomes `//host`, which a browser reads as another host.
  const { pathname } = url;
  if (url.origin !== DASHBOARD_BASE || pathname.startsWith('//') || pathname === '/v2' || pathname.startsWith('/v2/')) return null;
  return pathname + url.search + url.hash;
}

const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export function createOidcSignIn(db: Queryable, config: OidcConfig, publicOrigin: () => string): OidcSignIn {
  // Discovered on first use and kept; a failed discovery is tried again on the next sign-in.
  let discovered: Promise<client.Configuration> | null = null;
  const provider = () =>
    (discovered ??= discover(config).catch((error: unknown) => {
      discovered = null;
      throw new OidcSignInError('sso_unavailable', `The identity provider could not be reached: ${failureReason(error)}`);
    }));

  return {
    async beginSignIn(requested) {
      const redirectTo = dashboardPath(requested);
      if (redirectTo === null) throw new OidcSignInError('sso_redirect', 'redirect must be a path of the dashboard, such as /flows.');
      const configuration = await provider();
      const pending = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier(), redirectTo };
      await insertOidcLogin(db, pending, PENDING_LOGIN_SECONDS);
      const authorizationUrl = client.buildAuthorizationUrl(configuration, {
        redirect_uri: publicOrigin() + CALLBACK_PATH,
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { authorizationUrl: authorizationUrl.href, pending };
    },

    async finishSignIn(callbackUrl, cookie) {
      const state = callbackUrl.searchParams.get('state');
      if (!state || !cookie || !sameSecret(state, cookie)) throw new OidcSignInError('sso_state', 'The state is missing or is not this browser’s.');
      const pending = await takeOidcLogin(db, state, PENDING_LOGIN_SECONDS);
      if (!pending) throw new OidcSignInError('sso_state', 'The state is unknown, expired or already used.');
      if (callbackUrl.searchParams.has('error')) throw new OidcSignInError('sso_denied', 'The identity provider refused the sign-in.');
      const configuration = await provider();
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = await claimsOf(configuration, tokens);
      } catch (error) {
        throw new OidcSignInError('sso_failed', failureReason(error));
      }
      const text = (name: string) => (typeof claims[name] === 'string' && claims[name] !== '' ? claims[name] : null);
      const identity: OidcIdentity = {
        subject: String(claims.sub),
        issuer: String(claims.iss),
        email: text('email'),
        // Some providers send the flag as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: text('name'),
        role: roleFromClaims(config, claims),
      };
      return { identity, redirectTo: pending.redirectTo };
    },
  };
}
