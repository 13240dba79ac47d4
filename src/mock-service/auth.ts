// The demo's API keys and their plans (src/service-rules/plans.ts), as the service's demo seed stores
// them: the team key can do everything; the starter key shows how the dashboard handles a 403 for a
// feature outside the plan (workflows).

import { bearerToken } from '@/api/bearer';
import { planForbids } from '@/api/messages';
import type { Feature } from '@/api/operations';
import { DEMO_API_KEY } from '@/lib/demo';
import { DEMO_KEYS, type Plan } from '@/service-rules/plans';

export { DEMO_API_KEY };
export const STARTER_API_KEY = DEMO_KEYS.starter;

const PLAN_OF_KEY: Readonly<Record<string, Plan>> = { [DEMO_KEYS.team]: 'team', [DEMO_KEYS.starter]: 'starter' };

/** The 403 message, verbatim as the dashboard must show it. */
export const PLAN_MESSAGES: Readonly<Record<Feature, string>> = {
  workflows: planForbids('workflows'),
};

/** The bearer token a request carries. */
export const requestToken = (request: Request): string | null => bearerToken(request.headers.get('Authorization'));

export function planOf(request: Request): Plan | null {
  const token = requestToken(request);
  return token === null ? null : (PLAN_OF_KEY[token] ?? null);
}
