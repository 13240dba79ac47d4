// API keys and the plans behind them. The demo key can do everything; the starter key shows how
// the dashboard handles a 403 for a feature outside the plan (workflows).

import { planForbids } from '@/api/messages';
import { DEMO_API_KEY } from '@/lib/demo';

export { DEMO_API_KEY };
export const STARTER_API_KEY = 'flowdeck-starter-key';

export type Feature = 'workflows';

export interface Plan {
  name: string;
  features: readonly Feature[];
}

export const PLANS: Readonly<Record<string, Plan>> = {
  [DEMO_API_KEY]: { name: 'Scale', features: ['workflows'] },
  [STARTER_API_KEY]: { name: 'Starter', features: [] },
};

/** The 403 message, verbatim as the dashboard must show it. */
export const PLAN_MESSAGES: Readonly<Record<Feature, string>> = {
  workflows: planForbids('workflows'),
};

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1]?.trim() ?? null;
}

export function planOf(request: Request): Plan | null {
  const token = bearerToken(request);
  return token === null ? null : (PLANS[token] ?? null);
}
