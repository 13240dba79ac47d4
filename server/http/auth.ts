import { createMiddleware } from 'hono/factory';
import type { Queryable } from '../db/pool';
import { type Feature, planIncludes } from '../plans';
import { hashKey, planOfKeyHash } from '../store/api-keys';
import { planForbids, unauthorized } from './errors';
import { createKeyCache } from './key-cache';

export interface AuthVariables {
  plan: string;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
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

export function requireFeature(feature: Feature) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    if (!planIncludes(c.get('plan'), feature)) throw planForbids(feature);
    await next();
  });
}
