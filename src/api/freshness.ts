import { z } from 'zod';
import { openEnum } from './common';

// Flowdeck's `freshness` of a flow or workflow (the rule: src/service-rules/freshness.ts, written down in
// docs/freshness.md). An open set read lowercase; absent (the hosted service) reads as null, and the dashboard
// then shows no freshness rather than guess.

/** A flow's `freshness` states (the rule: src/service-rules/freshness.ts). */
export const FRESHNESS_STATES = ['on_time', 'late', 'failing', 'paused', 'manual', 'never_run'] as const;

export const freshnessSchema = openEnum(FRESHNESS_STATES, 'lower')
  .nullish()
  .transform((value) => value ?? null)
  .meta({
    description:
      "Flowdeck's addition: on_time, late (a scheduled run did not start within its interval plus a grace period), failing (the newest finished run failed), paused, manual (no schedule) or never_run. Absent: null.",
  });
export type Freshness = z.infer<typeof freshnessSchema>;
