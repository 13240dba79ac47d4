import { z } from 'zod';
import { nullableDateTimeSchema } from './common';

// Flowdeck's additions on flows and workflows (issue 31): when the service will run it next (the
// scheduler's own due time, never recomputed by a client), the IANA time zone its cron is read in, and
// its retry policy. The hosted profile leaves them out and its writers refuse them.

export const DEFAULT_TIME_ZONE = 'UTC';
export const RETRY_BACKOFFS = ['fixed', 'exponential'] as const;
export type RetryBackoff = (typeof RETRY_BACKOFFS)[number];
export const MAX_RETRY_ATTEMPTS = 10;
/** The longest wait before a retry: a day. */
export const MAX_RETRY_DELAY_SECONDS = 86_400;

/** No retries: what a flow or workflow has until its policy is set, and what an absent field reads as. */
export const NO_RETRIES = { attempts: 0, backoff: 'fixed', delaySeconds: 60, maxDelaySeconds: 3_600 } as const satisfies RetryPolicy;

export interface RetryPolicy {
  /** Retries after a failed first try: 0 to 10 (0: none). */
  attempts: number;
  backoff: RetryBackoff;
  /** The wait before the first retry; exponential doubles it for each retry after. */
  delaySeconds: number;
  /** No wait is longer than this. */
  maxDelaySeconds: number;
}

/** Whether the runtime knows `name` as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0 && name.length <= 64;
  } catch {
    return false;
  }
}

export const nextRunAtSchema = nullableDateTimeSchema.meta({
  description: "Flowdeck's addition: when the scheduler runs it next (the service's own due time); null when manual, paused or disabled.",
});

export const timeZoneSchema = z
  .string()
  .nullish()
  .transform((value) => (value === undefined || value === null || value === '' ? DEFAULT_TIME_ZONE : value))
  .meta({ description: "Flowdeck's addition: the IANA time zone its cron is read in. Absent: UTC." });

const delaySchema = z.number().int().nonnegative();

export const retryPolicySchema = z
  .object({
    attempts: z.number().int().nonnegative(),
    backoff: z.string(),
    delaySeconds: delaySchema,
    maxDelaySeconds: delaySchema,
  })
  .nullish()
  .transform((value) => value ?? { ...NO_RETRIES })
  .meta({
    description:
      "Flowdeck's addition: retries after a failed run (attempts 0–10), waiting delaySeconds (fixed) or delaySeconds doubled per retry (exponential), never more than maxDelaySeconds. Absent: no retries.",
  });

/** A time zone a request sets: an IANA name the service knows. */
export const timeZoneInputSchema = z.string().trim().refine(isTimeZone, { message: 'timeZone must be an IANA time zone, like Europe/Prague or UTC' });

const delayInputSchema = z.number().int().min(0).max(MAX_RETRY_DELAY_SECONDS);

/** A retry policy a request sets; the fields left out keep no-retries' defaults. */
export const retryPolicyInputSchema = z
  .strictObject({
    attempts: z.number().int().min(0).max(MAX_RETRY_ATTEMPTS),
    backoff: z.enum(RETRY_BACKOFFS).optional(),
    delaySeconds: delayInputSchema.optional(),
    maxDelaySeconds: delayInputSchema.optional(),
  })
  .transform((value): RetryPolicy => ({ ...NO_RETRIES, ...value }))
  .refine((policy) => policy.maxDelaySeconds >= policy.delaySeconds, { message: 'maxDelaySeconds must be at least delaySeconds' });
export type RetryPolicyInput = z.input<typeof retryPolicyInputSchema>;

/** The run fields of a flow or a workflow (readers). */
export const runPolicyFields = {
  nextRunAt: nextRunAtSchema,
  timeZone: timeZoneSchema,
  retries: retryPolicySchema,
};

/** The run fields a create or update may set (writers). */
export const runPolicyInputFields = {
  timeZone: timeZoneInputSchema.optional(),
  retries: retryPolicyInputSchema.optional(),
};
export const RUN_POLICY_INPUT_FIELDS = { timeZone: true, retries: true } as const;

/** How a run says it retries another (attempts and workflow runs alike). */
export const retryFields = {
  retryOf: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "Flowdeck's addition: the id of the attempt or run this one retries, or null for a first try." }),
  retryNumber: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? 0)
    .meta({ description: "Flowdeck's addition: 0 for a first try, then 1, 2 ... for each retry." }),
};

/**
 * How long to wait before retry `retryNumber` (1 for the first): `delaySeconds` each time (fixed), or
 * doubled for each retry after the first (exponential), never more than `maxDelaySeconds`.
 */
export function retryDelaySeconds(policy: RetryPolicy, retryNumber: number): number {
  const delay = policy.backoff === 'exponential' ? policy.delaySeconds * 2 ** Math.max(0, retryNumber - 1) : policy.delaySeconds;
  return Math.min(delay, policy.maxDelaySeconds);
}

/** Whether a failed try (`retryNumber` 0 for a first try) is retried under the policy. */
export const retriesAfter = (policy: RetryPolicy, retryNumber: number) => retryNumber < policy.attempts;

/** What a retry waiting for its time says: "Retry 2 of 3 of #41, due at 10:32:05 UTC". */
export const retryWaiting = (retryNumber: number, policy: RetryPolicy, ofNumber: number, dueAt: Date) =>
  `Retry ${String(retryNumber)} of ${String(policy.attempts)} of #${String(ofNumber)}, due at ${dueAt.toISOString().slice(11, 19)} UTC`;
