import type { Context } from 'hono';
import { NotFound } from '@/service-rules/errors';
import { clientAddress } from '../http/guess-throttle';
import type { Services } from '../services';
import { deleteSession, insertSession } from '../store/sessions';
import { findUser, touchUser } from '../store/users';
import { sessionCookieOf, setSessionCookie } from './session-policy';
import { recordSignIn } from './sign-in-audit';
import { hashToken, newToken } from './tokens';

/**
 * Starts a browser session for a person or a key: a new row (its hash) and the cookie on the answer. The session the
 * browser had before, if any, ends: one browser holds one session.
 */
export async function startSession(c: Context, services: Services, holder: { userId: number } | { keyId: number }): Promise<void> {
  const previous = sessionCookieOf(c);
  if (previous !== undefined) await deleteSession(services.db, hashToken(previous));
  const token = newToken();
  const policy = services.sessionPolicy;
  await insertSession(services.db, { idHash: hashToken(token), holder, expiresAt: new Date(Date.now() + policy.maxMs), address: clientAddress(c) });
  setSessionCookie(c, token, policy, services.publicOrigin());
}

/**
 * Signs a person in whom someone else vouched for (the SSO callback, with the user findOrCreateSsoUser
 * answered): the session cookie is set on `c` and the sign-in is recorded in the audit log.
 */
export async function startSessionForUser(c: Context, services: Services, userId: number): Promise<void> {
  const user = await findUser(services.db, userId);
  if (!user) throw new NotFound();
  await startSession(c, services, { userId });
  await touchUser(services.db, userId);
  await recordSignIn(services.db, { type: 'user', id: String(user.id), name: user.name }, clientAddress(c));
}
