// What each plan includes. A key's plan decides which features it may use; a missing feature
// answers 403 "Your current plan does not support <feature>.".

export const FEATURES = ['workflows'] as const;
export type Feature = (typeof FEATURES)[number];

export const PLANS = {
  team: new Set<Feature>(['workflows']),
  starter: new Set<Feature>(),
} as const satisfies Record<string, ReadonlySet<Feature>>;

export type Plan = keyof typeof PLANS;

export function isPlan(value: string): value is Plan {
  return Object.hasOwn(PLANS, value);
}

export function planIncludes(plan: string, feature: Feature): boolean {
  return isPlan(plan) && PLANS[plan].has(feature);
}
