import type { Feature } from '@/api/operations';

// What each plan includes, for the service (its keys carry a plan) and the mock alike. A key whose plan
// lacks an operation's feature gets 403 "Your current plan does not support <feature>.".

export const PLANS = {
  team: ['workflows'],
  starter: [],
} as const satisfies Record<string, readonly Feature[]>;

export type Plan = keyof typeof PLANS;

export function isPlan(value: string): value is Plan {
  return Object.hasOwn(PLANS, value);
}

export function planIncludes(plan: string, feature: Feature): boolean {
  return isPlan(plan) && (PLANS[plan] as readonly Feature[]).includes(feature);
}

/** The demo's keys, one per plan: the service's demo seed stores them, the demo build's mock answers them. */
export const DEMO_KEYS = { team: 'flowdeck-demo-key', starter: 'flowdeck-starter-key' } as const satisfies Record<Plan, string>;
