import type { Queryable } from '../db/pool';
import { insertLink, type LinkPurpose } from '../store/users';
import { hashToken, newToken } from './tokens';

// Single-use links: an invitation (7 days), a password reset (24 hours), the first start's sign-in
// (24 hours). The token travels in the fragment of `<public origin>/welcome#token=…`, so it reaches no
// server log and no Referer; the dashboard's page sends it to inspectLink, then useLink.

const HOUR_MS = 3_600_000;
const LIFETIME_MS: Record<LinkPurpose, number> = { invitation: 7 * 24 * HOUR_MS, reset: 24 * HOUR_MS, 'sign-in': 24 * HOUR_MS };

export const linkUrl = (publicOrigin: string, token: string) => `${publicOrigin}/welcome#token=${token}`;

/** A new link for the person (their earlier unused one stops working); the token is returned this once. */
export async function createLink(db: Queryable, userId: number, purpose: LinkPurpose): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + LIFETIME_MS[purpose]);
  await insertLink(db, { tokenHash: hashToken(token), userId, purpose, expiresAt });
  return { token, expiresAt };
}
