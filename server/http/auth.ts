import { createMiddleware } from 'hono/factory';
import { bearerToken } from '@/api/bearer';
import type { UserRole } from '@/api/roles';
import type { Queryable } from '../db/pool';
import { hashKey, type KeyHolder, keyHolderOfHash } from '../store/api-keys';
import { unauthorized } from './errors';
import { clientAddress, type GuessThrottle, tooManyGuesses } from './guess-throttle';
import { createKeyCache } from './key-cache';

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
}

const callerOfKey = (holder: KeyHolder, address: string): Caller => ({ type: 'key', ...holder, address });

/**
 * Every signed-in /v2 operation needs `Authorization: Bearer <API key>`; no valid key is 401 `Unauthorized`.
 * A found key is remembered for a few seconds (key-cache.ts says how long a revoked key may still work).
 * A key not remembered is looked up only while its caller's address has not failed too often
 * (guess-throttle.ts): past that, 429 with Retry-After, and no lookup.
 */
export function requireApiKey(db: Queryable, throttle: GuessThrottle) {
  const keys = createKeyCache<KeyHolder>();
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const keyHash = token ? hashKey(token) : null;
    // No key at all is no guess: it costs no lookup and is not counted.
    if (keyHash === null) throw unauthorized();
    const address = clientAddress(c);
    const known = keys.remembered(keyHash);
    let holder = known ? await known : undefined;
    if (holder === undefined) {
      const wait = throttle.waitSeconds(address);
      if (wait > 0 && !throttle.trusted(keyHash)) return tooManyGuesses(c, wait);
      holder = await keys.holderOf(keyHash, () => keyHolderOfHash(db, keyHash));
      if (holder === null) throttle.failed(address, keyHash);
      else throttle.succeeded(keyHash);
    }
    if (holder === null) throw unauthorized();
    c.set('caller', callerOfKey(holder, address));
    await next();
  });
}
