import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone, MAX_RETRY_ATTEMPTS, MAX_RETRY_DELAY_SECONDS, NO_RETRIES, RETRY_BACKOFFS, type RetryPolicy } from '@/api/run-policy';

// The run policy part of the flow and workflow forms: the schedule's time zone and the retry policy, as
// typed (a number field holds '' while empty), checked by the bounds the service's writer applies.

/** A whole number in [min, max] from a number field ('' while empty). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string()]).transform((value, context) => {
    const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

const retryFormSchema = z
  .object({
    attempts: wholeNumber(0, MAX_RETRY_ATTEMPTS, `From 0 to ${String(MAX_RETRY_ATTEMPTS)} retries`),
    backoff: z.enum(RETRY_BACKOFFS),
    delaySeconds: wholeNumber(0, MAX_RETRY_DELAY_SECONDS, 'From 0 to 86,400 seconds (a day)'),
    maxDelaySeconds: wholeNumber(0, MAX_RETRY_DELAY_SECONDS, 'From 0 to 86,400 seconds (a day)'),
  })
  .superRefine((retries, context) => {
    if (retries.maxDelaySeconds < retries.delaySeconds) {
      context.addIssue({ code: 'custom', path: ['maxDelaySeconds'], message: 'At least the delay before the first retry' });
    }
  });

export const runPolicyFormFields = {
  timeZone: z.string().refine(isTimeZone, 'Choose a time zone from the list, like Europe/Prague or UTC'),
  retries: retryFormSchema,
};

export interface RunPolicyFormValues {
  timeZone: string;
  retries: { attempts: number | string; backoff: RetryPolicy['backoff']; delaySeconds: number | string; maxDelaySeconds: number | string };
}

/** A saved flow's or workflow's policy as read (its backoff an open set: an unknown one reads as fixed). */
interface SavedRunPolicy {
  timeZone: string;
  retries: Omit<RetryPolicy, 'backoff'> & { backoff: string };
}

const backoffOf = (value: string): RetryPolicy['backoff'] => (value === 'exponential' ? 'exponential' : 'fixed');

/** The form's run policy for a saved flow or workflow, or a new one's (UTC, no retries). */
export function runPolicyFormDefaults(saved?: SavedRunPolicy): RunPolicyFormValues {
  const retries = saved?.retries ?? NO_RETRIES;
  return { timeZone: saved?.timeZone ?? DEFAULT_TIME_ZONE, retries: { ...retries, backoff: backoffOf(retries.backoff) } };
}

const sameRetries = (a: SavedRunPolicy['retries'], b: SavedRunPolicy['retries']) =>
  a.attempts === b.attempts && a.backoff === b.backoff && a.delaySeconds === b.delaySeconds && a.maxDelaySeconds === b.maxDelaySeconds;

/**
 * Only what differs from the saved policy (a new one: from UTC and no retries): the hosted service refuses
 * these fields, so a form left at its defaults never sends them.
 */
export function runPolicyInput(
  values: { timeZone: string; retries: RetryPolicy },
  saved: SavedRunPolicy = { timeZone: DEFAULT_TIME_ZONE, retries: NO_RETRIES },
) {
  return {
    ...(values.timeZone === saved.timeZone ? {} : { timeZone: values.timeZone }),
    ...(sameRetries(values.retries, saved.retries) ? {} : { retries: values.retries }),
  };
}
