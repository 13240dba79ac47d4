import type { Context } from 'hono';

/** The origin links are built on: FLOWDECK_PUBLIC_URL, else the one the caller used. */
export function publicOrigin(c: Context, configured: string | null): string {
  if (configured) return configured.replace(/\/+$/, '');
  return new URL(c.req.url).origin;
}
