import { createMiddleware } from 'hono/factory';
import { bearerToken } from '@/api/bearer';
import type { Queryable } from '../db/pool';
import { hashKey, planOfKeyHash } from '../store/api-keys';
import { unauthorized } from './errors';
import { clientAddress, type GuessThrottle, tooManyGuesses } from './guess-throttle';
import { createKeyCache } from './key-cache';

export interface AuthVariables {
  plan: string;
}

/**
 * Every /v2 operation needs `Authorization: Bearer <API key>`; no valid key is 401 `Unauthorized`.
 * A found key is remembered for a few seconds (key-cache.ts says how long a revoked key may still work).
 * A key not remembered is looked up only while its caller's address has not failed too often
 * (guess-throttle.ts): past that, 429 with Retry-After, and no lookup.
 */
export function requireApiKey(db: Queryable, throttle: GuessThrottle) {
  const keys = createKeyCache();
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const keyHash = token ? hashKey(token) : null;
    // No key at all is no guess: it costs no lookup and is not counted.
    if (keyHash === null) throw unauthorized();
    const known = keys.remembered(keyHash);
    let plan = known ? await known : undefined;
    if (plan === undefined) {
      const address = clientAddress(c);
      const wait = throttle.waitSeconds(address);
      if (wait > 0 && !throttle.trusted(keyHash)) return tooManyGuesses(c, wait);
      plan = await keys.planOf(keyHash, () => planOfKeyHash(db, keyHash));
      if (plan === null) throttle.failed(address, keyHash);
      else throttle.succeeded(keyHash);
    }
    if (plan === null) throw unauthorized();
    c.set('plan', plan);
    await next();
  });
}
