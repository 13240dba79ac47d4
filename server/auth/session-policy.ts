import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

// A browser's session: a random value in an HttpOnly cookie (only its hash is stored), ended after
// FLOWDECK_SESSION_IDLE_HOURS without a request (12) and FLOWDECK_SESSION_MAX_DAYS after sign-in (7)
// whatever happens. The cookie is Secure when the service's public origin is https.

export const SESSION_COOKIE = 'flowdeck_session';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

const HOUR_MS = 3_600_000;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}".`);
  return value;
}

export function readSessionPolicy(env: NodeJS.ProcessEnv): SessionPolicy {
  return {
    idleMs: positive('FLOWDECK_SESSION_IDLE_HOURS', env.FLOWDECK_SESSION_IDLE_HOURS, 12) * HOUR_MS,
    maxMs: positive('FLOWDECK_SESSION_MAX_DAYS', env.FLOWDECK_SESSION_MAX_DAYS, 7) * 24 * HOUR_MS,
  };
}

export const sessionCookieOf = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE);

export function setSessionCookie(c: Context, token: string, policy: SessionPolicy, publicOrigin: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: publicOrigin.startsWith('https:'),
    maxAge: Math.floor(policy.maxMs / 1000),
  });
}

export function clearSessionCookie(c: Context, publicOrigin: string): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: publicOrigin.startsWith('https:'), httpOnly: true, sameSite: 'Lax' });
}
