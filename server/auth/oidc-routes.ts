import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Queryable } from '../db/pool';
import { clientAddress, createGuessThrottle, type GuessThrottle, tooManyGuesses } from '../http/guess-throttle';
import type { Logger } from '../logger';
import { CALLBACK_PATH, createOidcSignIn, type OidcIdentity, OidcSignInError, PENDING_LOGIN_SECONDS, type SignInFailure } from './oidc';
import type { OidcConfig } from './oidc-config';

// GET /start?redirect=/path sends the browser to the provider; GET /callback is where it comes back. A callback
// that fails (a wrong or used state, a bad code, a bad ID token) counts as a failed guess of its address, like a
// wrong API key; past the limit the answer is 429. Nothing the provider sent (code, tokens) is logged.

/** Binds the browser that started a sign-in to its state; sent only to these routes. */
const STATE_COOKIE = 'flowdeck_oidc_state';
const COOKIE_PATH = '/v2/auth/oidc';

export interface OidcRoutesOptions {
  db: Queryable;
  config: OidcConfig;
  /** The origin the dashboard is served from (services.publicOrigin): the redirect URI is built on it, never on the Host header. */
  publicOrigin: () => string;
  /** Called with the checked identity: finds or creates the user, starts the session, answers (302 to `redirectTo`). */
  onSignedIn: (c: Context, identity: OidcIdentity, redirectTo: string) => Response | Promise<Response>;
  /** Called when a callback is refused, before the answer (the audit log's failed sign-in); nothing in it is secret. */
  onRefused?: (c: Context, refusal: SignInRefusal) => void | Promise<void>;
  logger: Logger;
  /** The failed-callback throttle (a new one by default; tests pass their own). */
  throttle?: GuessThrottle;
  /** The sign-in starts' throttle (60 at once, then one a second, per address by default). */
  startThrottle?: GuessThrottle;
}

export interface SignInRefusal {
  code: SignInFailure;
  /** What failed, for people reading the log. */
  reason: string;
  /** The client's address as the throttle counts it. */
  address: string;
}

const signInPage = (c: Context, code: string) => c.redirect(`/sign-in?error=${encodeURIComponent(code)}`, 302);

export function oidcRoutes({
  db,
  config,
  publicOrigin,
  onSignedIn,
  onRefused,
  logger,
  throttle = createGuessThrottle(),
  startThrottle = createGuessThrottle(Date.now, 60, 1),
}: OidcRoutesOptions) {
  const signIn = createOidcSignIn(db, config, publicOrigin);
  const routes = new Hono();
  // Answers that set or clear the state cookie are never kept by a cache on the way.
  routes.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  routes.get('/start', async (c) => {
    // Each start stores a pending sign-in: an address may start a burst of them, then one a second.
    const address = clientAddress(c);
    const wait = startThrottle.waitSeconds(address);
    if (wait > 0) return tooManyGuesses(c, wait);
    try {
      const { authorizationUrl, pending } = await signIn.beginSignIn(c.req.query('redirect'));
      startThrottle.failed(address, pending.state);
      setCookie(c, STATE_COOKIE, pending.state, {
        path: COOKIE_PATH,
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation from its site, which Lax lets through.
        sameSite: 'Lax',
        secure: publicOrigin().startsWith('https:'),
        maxAge: PENDING_LOGIN_SECONDS,
      });
      return c.redirect(authorizationUrl, 302);
    } catch (error) {
      if (!(error instanceof OidcSignInError)) throw error;
      if (error.code === 'sso_redirect') return c.json({ message: `Bad Request: ${error.message}` }, 400);
      logger.warn({ reason: error.message }, 'sso sign-in could not start');
      return signInPage(c, error.code);
    }
  });

  routes.get('/callback', async (c) => {
    const address = clientAddress(c);
    const wait = throttle.waitSeconds(address);
    if (wait > 0) return tooManyGuesses(c, wait);
    const query = new URL(c.req.url).search;
    const cookie = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH });
    try {
      const { identity, redirectTo } = await signIn.finishSignIn(new URL(CALLBACK_PATH + query, publicOrigin()), cookie);
      return await onSignedIn(c, identity, redirectTo);
    } catch (error) {
      if (!(error instanceof OidcSignInError)) throw error;
      // A provider that is down, or a person who said no there, guessed nothing. Hashed: one callback replayed
      // is one guess, and the throttle never holds the code it carries.
      if (error.code === 'sso_state' || error.code === 'sso_failed') throttle.failed(address, createHash('sha256').update(query).digest('hex'));
      const refusal = { code: error.code, reason: error.message, address };
      logger.warn(refusal, 'sso sign-in refused');
      await onRefused?.(c, refusal);
      return signInPage(c, error.code);
    }
  });

  return routes;
}
