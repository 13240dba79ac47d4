import { createMiddleware } from 'hono/factory';
import { bearerToken } from '@/api/bearer';
import type { Queryable } from '../db/pool';
import { hashKey, planOfKeyHash } from '../store/api-keys';
import { unauthorized } from './errors';
import { createKeyCache } from './key-cache';

export interface AuthVariables {
  plan: string;
}

/**
 * Every /v2 operation needs `Authorization: Bearer <API key>`; no valid key is 401 `Unauthorized`.
 * A found key is remembered for a few seconds (key-cache.ts says how long a revoked key may still work).
 */
export function requireApiKey(db: Queryable) {
  const keys = createKeyCache();
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const keyHash = token ? hashKey(token) : null;
    const plan = keyHash ? await keys.planOf(keyHash, () => planOfKeyHash(db, keyHash)) : null;
    if (plan === null) throw unauthorized();
    c.set('plan', plan);
    await next();
  });
}
