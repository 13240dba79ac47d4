import type { Context } from 'hono';
import { TEAM_MESSAGES } from '@/api/messages';
import type { Caller as CallerOnWire } from '@/api/team';
import { Conflict, Gone, InvalidInput, NotFound } from '@/service-rules/errors';
import { checkSameOrigin } from '../auth/csrf';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { clearSessionCookie } from '../auth/session-policy';
import { startSession } from '../auth/sessions';
import { actorOf, recordSignIn, recordSignInFailed, recordSignOutEverywhere } from '../auth/sign-in-audit';
import { hashToken } from '../auth/tokens';
import { inTransaction } from '../db/transaction';
import { type Authenticator, type AuthVariables, callerOfKey, callerOfUser, checkGuessing } from '../http/auth';
import { HttpError } from '../http/errors';
import { clientAddress } from '../http/guess-throttle';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { hashKey, keyHolderOfHash } from '../store/api-keys';
import { deleteSession, deleteSessionsOfUser } from '../store/sessions';
import { claimLink, findLink, findUser, findUserByEmail, type LinkRow, setPasswordHash, touchUser } from '../store/users';

// Signing in and out: with an email and password, an API key or a single-use link, each starting a
// browser session (the cookie); who is calling; and ending one session or all of a person's. Every
// failed credential counts as a guess of its address, a failed password of its account too.

type Ctx = Context<{ Variables: AuthVariables }>;

const onWire = (caller: Pick<CallerOnWire, 'type' | 'id' | 'name' | 'role'>): CallerOnWire => ({
  type: caller.type,
  id: caller.id,
  name: caller.name,
  role: caller.role,
});

export function teamSignInHandlers(services: Services, auth: Authenticator) {
  const { db } = services;

  const signInWithPassword = async (c: Ctx, email: string, password: string) => {
    const address = clientAddress(c);
    const credential = auth.passwordCredential(email, password);
    checkGuessing(auth.guesses, address, credential);
    checkGuessing(auth.accounts, email, credential);
    const user = await findUserByEmail(db, email);
    // An unknown email is checked as slowly as a wrong password, so the answer's time tells nothing.
    if (!(await verifyPassword(password, user?.password_hash ?? null)) || !user) {
      auth.guesses.failed(address, credential);
      auth.accounts.failed(email, credential);
      await recordSignInFailed(db, email, address);
      throw new HttpError(401, TEAM_MESSAGES.wrongPassword);
    }
    auth.guesses.succeeded(credential);
    auth.accounts.succeeded(credential);
    await startSession(c, services, { userId: user.id });
    await touchUser(db, user.id);
    const caller = callerOfUser(user, address);
    await recordSignIn(db, actorOf(caller), address);
    return { data: onWire(caller) };
  };

  const signInWithKey = async (c: Ctx, key: string) => {
    const address = clientAddress(c);
    const keyHash = hashKey(key);
    checkGuessing(auth.guesses, address, keyHash);
    const holder = await keyHolderOfHash(db, keyHash);
    if (!holder) {
      auth.guesses.failed(address, keyHash);
      await recordSignInFailed(db, 'an API key', address);
      throw new HttpError(401, TEAM_MESSAGES.wrongKey);
    }
    auth.guesses.succeeded(keyHash);
    await auth.noteKeyUse(holder, address);
    await startSession(c, services, { keyId: holder.id });
    const caller = callerOfKey(holder, address);
    await recordSignIn(db, actorOf(caller), address);
    return { data: onWire(caller) };
  };

  /** The link a token names, while it works; a miss or a closed link counts as a guess of the address. */
  const openLink = async (c: Ctx, token: string): Promise<LinkRow & { tokenHash: string }> => {
    checkSameOrigin(c, services.publicOrigin());
    const address = clientAddress(c);
    const tokenHash = hashToken(token);
    checkGuessing(auth.guesses, address, tokenHash);
    const link = await findLink(db, tokenHash);
    if (!link || link.used_at || link.expired) auth.guesses.failed(address, tokenHash);
    if (!link) throw new NotFound();
    if (link.used_at) throw new Gone(TEAM_MESSAGES.linkUsed);
    if (link.expired) throw new Gone(TEAM_MESSAGES.linkExpired);
    return { ...link, tokenHash };
  };

  return {
    getMe: (_input, c) => ({ data: onWire(c.get('caller')) }),

    getSignInMethods: () => ({ data: { password: true, sso: services.ssoEnabled } }),

    signIn: async ({ body }, c) => {
      checkSameOrigin(c, services.publicOrigin());
      return 'key' in body ? signInWithKey(c, body.key) : signInWithPassword(c, body.email, body.password);
    },

    signOut: async (_input, c) => {
      const session = c.get('session');
      if (session !== null) {
        await deleteSession(db, session);
        auth.sessions.forget(session);
      }
      clearSessionCookie(c, services.publicOrigin());
      return { data: true as const };
    },

    signOutEverywhere: async (_input, c) => {
      const caller = c.get('caller');
      if (caller.userId === null) throw new Conflict(TEAM_MESSAGES.serviceKeyHasNoSessions);
      await deleteSessionsOfUser(db, caller.userId);
      auth.forgetRemembered();
      await recordSignOutEverywhere(db, actorOf(caller), caller.address);
      if (c.get('session') !== null) clearSessionCookie(c, services.publicOrigin());
      return { data: true as const };
    },

    inspectLink: async ({ body }, c) => {
      const link = await openLink(c, body.token);
      return { data: { purpose: link.purpose, email: link.email, name: link.name, expiresAt: link.expires_at.toISOString() } };
    },

    useLink: async ({ body }, c) => {
      const link = await openLink(c, body.token);
      if (link.purpose !== 'sign-in' && body.password === undefined) throw new InvalidInput(TEAM_MESSAGES.passwordNeeded);
      const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
      const used = await inTransaction(db, async (client) => {
        if (!(await claimLink(client, link.tokenHash))) return false;
        if (passwordHash !== null) await setPasswordHash(client, link.user_id, passwordHash);
        // A new password ends whatever the old one (or whoever had it) had opened.
        if (link.purpose === 'reset') await deleteSessionsOfUser(client, link.user_id);
        return true;
      });
      // Another use of the same link came first.
      if (!used) throw new Gone(TEAM_MESSAGES.linkUsed);
      if (link.purpose === 'reset') auth.forgetRemembered();
      const user = await findUser(db, link.user_id);
      if (!user) throw new NotFound();
      await startSession(c, services, { userId: user.id });
      await touchUser(db, user.id);
      const caller = callerOfUser(user, clientAddress(c));
      await recordSignIn(db, actorOf(caller), caller.address);
      return { data: onWire(caller) };
    },
  } satisfies Partial<Handlers>;
}
