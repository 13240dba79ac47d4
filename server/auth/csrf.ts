import type { Context } from 'hono';
import { TEAM_MESSAGES } from '@/api/messages';
import { forbidden } from '../http/errors';

// A browser sends the session cookie with requests another site makes it send. A change made with the
// cookie therefore needs the dashboard's own header (which a form or a simple cross-site request cannot
// carry) and, when the browser says where the request comes from, an origin of this service: the one
// the request was made to, or the public one. Sign-in checks the origin too, so another site cannot sign
// a browser in as someone else.

export const CSRF_HEADER = 'x-flowdeck-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 403 when the request's Origin is another site's (no Origin: a client that is not a browser). The origin the request was made
 * to is compared by its host: behind a proxy that ends TLS, the scheme the service sees is not the browser's.
 */
export function checkSameOrigin(c: Context, publicOrigin: string): void {
  const origin = c.req.header('origin');
  if (origin === undefined || origin === publicOrigin) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: never this service.
  }
  if (host === null || host !== c.req.header('host')) throw forbidden(TEAM_MESSAGES.crossSite);
}

/** The rule for a request signed in by the cookie. */
export function checkCookieRequest(c: Context, publicOrigin: string): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (c.req.header(CSRF_HEADER) !== '1') throw forbidden(TEAM_MESSAGES.crossSite);
  checkSameOrigin(c, publicOrigin);
}
