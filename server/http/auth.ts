import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bearerToken } from '@/api/bearer';
import { MESSAGES } from '@/api/messages';
import type { UserRole } from '@/api/roles';
import { TooManyRequests } from '@/service-rules/errors';
import { checkCookieRequest } from '../auth/csrf';
import { createKeyUseRecorder, type NoteKeyUse } from '../auth/key-use';
import { sessionCookieOf } from '../auth/session-policy';
import { hashToken } from '../auth/tokens';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { Services } from '../services';
import { hashKey, type KeyHolder, keyHolderById, keyHolderOfHash } from '../store/api-keys';
import { findLiveSession } from '../store/sessions';
import { unauthorized } from './errors';
import { clientAddress, createGuessThrottle, type GuessThrottle } from './guess-throttle';
import { createKeyCache, type KeyCache } from './key-cache';

/** Who a signed-in request acts for: an API key, or a person (a browser session). */
export interface Caller {
  type: 'key' | 'user';
  id: number;
  name: string;
  role: UserRole;
  /** The plan whose features it may use. */
  plan: string;
  /** The person a key belongs to (null for a service key); a person's own id. */
  userId: number | null;
  /** Where the request came from, as the throttle counts it. */
  address: string;
}

export interface AuthVariables {
  caller: Caller;
  /** The hash of the session cookie that signed the request in; null for a key. */
  session: string | null;
}

/** What a session stands for, as remembered: a person, or the key the browser signed in with. */
type SessionCaller = { type: 'user'; userId: number; name: string; role: UserRole } | { type: 'key'; holder: KeyHolder };

/** People sign in with the team plan: every feature. */
const PEOPLE_PLAN = 'team';

export const callerOfKey = (holder: KeyHolder, address: string): Caller => ({ type: 'key', ...holder, address });

export const callerOfUser = (user: { id: number; name: string; role: UserRole }, address: string): Caller => ({
  type: 'user',
  id: user.id,
  name: user.name,
  role: user.role,
  plan: PEOPLE_PLAN,
  userId: user.id,
  address,
});

/**
 * The state signing in keeps in memory: who keys and sessions stand for (remembered for a few seconds:
 * key-cache.ts says how long a revoked key or an ended session may still work in another instance), and
 * the throttles of guessing: one per address for every credential (keys, session cookies, passwords,
 * single-use links), one per account for passwords.
 */
export interface Authenticator {
  keys: KeyCache<KeyHolder>;
  sessions: KeyCache<SessionCaller>;
  guesses: GuessThrottle;
  accounts: GuessThrottle;
  noteKeyUse: NoteKeyUse;
  /** What the throttles count for a password tried: never the password, nor anything it can be found from later. */
  passwordCredential: (email: string, password: string) => string;
  /** After a change to people, keys or sessions here: this instance sees it at once. */
  forgetRemembered: () => void;
}

/** A password's account may fail this many times at once, then once more every half minute. */
const ACCOUNT_BURST = 10;
const ACCOUNT_SECONDS_PER_GUESS = 30;

export function createAuthenticator(db: Pool, logger: Logger): Authenticator {
  const keys = createKeyCache<KeyHolder>();
  const sessions = createKeyCache<SessionCaller>();
  const secret = randomBytes(32);
  return {
    keys,
    sessions,
    guesses: createGuessThrottle(),
    accounts: createGuessThrottle(Date.now, ACCOUNT_BURST, ACCOUNT_SECONDS_PER_GUESS),
    noteKeyUse: createKeyUseRecorder(db, logger),
    passwordCredential: (email, password) => createHmac('sha256', secret).update(email).update('\0').update(password).digest('hex'),
    forgetRemembered() {
      keys.clear();
      sessions.clear();
    },
  };
}

/** 429 when the address has failed too often and the credential was not valid lately. */
export function checkGuessing(throttle: GuessThrottle, address: string, credential: string): void {
  const wait = throttle.waitSeconds(address);
  if (wait > 0 && !throttle.trusted(credential)) throw new TooManyRequests(MESSAGES.tooManyGuesses, wait);
}

/**
 * The holder of a credential: from memory while it is fresh, else looked up, only while its address has not
 * failed too often (past that, 429 with Retry-After and no lookup). Unknown credentials count as guesses.
 */
async function holderOf<T>(auth: Authenticator, cache: KeyCache<T>, hash: string, address: string, lookUp: () => Promise<T | null>): Promise<T | null> {
  const known = cache.remembered(hash);
  if (known) return known;
  checkGuessing(auth.guesses, address, hash);
  const holder = await cache.holderOf(hash, lookUp);
  if (holder === null) auth.guesses.failed(address, hash);
  else auth.guesses.succeeded(hash);
  return holder;
}

async function sessionCallerOf(db: Pool, idHash: string, idleMs: number): Promise<SessionCaller | null> {
  const session = await findLiveSession(db, idHash, idleMs);
  if (session?.type !== 'key') return session;
  const holder = await keyHolderById(db, session.keyId);
  return holder && { type: 'key', holder };
}

async function keyRequest(c: Context<{ Variables: AuthVariables }>, services: Services, auth: Authenticator, address: string): Promise<void> {
  const token = bearerToken(c.req.header('authorization'));
  if (token === null) throw unauthorized();
  const keyHash = hashKey(token);
  const holder = await holderOf(auth, auth.keys, keyHash, address, () => keyHolderOfHash(services.db, keyHash));
  if (holder === null) throw unauthorized();
  await auth.noteKeyUse(holder, address);
  c.set('caller', callerOfKey(holder, address));
  c.set('session', null);
}

async function cookieRequest(c: Context<{ Variables: AuthVariables }>, services: Services, auth: Authenticator, address: string): Promise<void> {
  const cookie = sessionCookieOf(c);
  // No credential at all is no guess: it costs no lookup and is not counted.
  if (cookie === undefined) throw unauthorized();
  const idHash = hashToken(cookie);
  const session = await holderOf(auth, auth.sessions, idHash, address, () => sessionCallerOf(services.db, idHash, services.sessionPolicy.idleMs));
  if (session === null) throw unauthorized();
  checkCookieRequest(c, services.publicOrigin());
  c.set('caller', session.type === 'user' ? callerOfUser({ id: session.userId, ...session }, address) : callerOfKey(session.holder, address));
  c.set('session', idHash);
}

/**
 * Every signed-in /v2 operation needs a caller: a request with an Authorization header is a key request
 * (`Bearer <API key>`), whatever cookie it carries; otherwise the session cookie decides, and a change
 * made with it must pass the cross-site check (auth/csrf.ts). Neither valid: 401 `Unauthorized`.
 */
export function requireSignIn(services: Services, auth: Authenticator) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const address = clientAddress(c);
    if (c.req.header('authorization') !== undefined) await keyRequest(c, services, auth, address);
    else await cookieRequest(c, services, auth, address);
    await next();
  });
}
