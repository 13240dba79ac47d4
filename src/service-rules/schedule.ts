import { Cron } from 'croner';
import { DEFAULT_TIME_ZONE } from '@/api/run-policy';
import { InvalidInput } from './errors';

// A flow's or workflow's schedule after a write, and when it is due next. `cron` wins over `frequency`;
// an empty cron means none (as the interface reads it); setting a frequency replaces a cron; `manual`
// runs only on request. Cron expressions are read by croner in the schedule's IANA time zone (UTC by
// default), so "0 2 * * *" in Europe/Prague is 02:00 there in winter and in summer alike; on the night
// clocks go forward a time that does not exist runs at the first minute after the gap, and on the night
// they go back a time that happens twice runs once.

/** How long each frequency waits between scheduled runs (`manual` never runs on its own). */
export const FREQUENCY_MS: Readonly<Record<string, number>> = {
  '24h': 86_400_000,
  '12h': 43_200_000,
  '6h': 21_600_000,
  '1h': 3_600_000,
  '30m': 1_800_000,
  '15m': 900_000,
};

export interface Schedule {
  frequency: string | null;
  cron: string | null;
  /** The IANA time zone the cron is read in; absent: UTC. */
  timeZone?: string | null;
}

/**
 * When a schedule is due next after `from`, or null when it never runs on its own (manual). A frequency
 * counts from `from`; a cron finds its next time in its zone.
 */
export function nextDueAt(schedule: Schedule, from: Date = new Date()): Date | null {
  const cron = schedule.cron?.trim();
  if (cron) {
    const job = new Cron(cron, { timezone: schedule.timeZone ?? DEFAULT_TIME_ZONE, paused: true });
    const next = job.nextRun(from);
    job.stop();
    return next;
  }
  const interval = schedule.frequency ? FREQUENCY_MS[schedule.frequency] : undefined;
  return interval === undefined ? null : new Date(from.getTime() + interval);
}

/** The next `count` times a schedule is due after `from` (the next-runs preview). */
export function nextDueTimes(schedule: Schedule, count: number, from: Date = new Date()): Date[] {
  const times: Date[] = [];
  let after = from;
  while (times.length < count) {
    const next = nextDueAt(schedule, after);
    if (!next) break;
    times.push(next);
    after = next;
  }
  return times;
}

/** Why the cron expression cannot be used, or null when it can. */
export function cronProblem(expression: string): string | null {
  try {
    new Cron(expression, { timezone: 'UTC', paused: true }).stop();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The schedule `input` leaves (`current` is the stored one, all null for a new flow); 400 for a cron the scheduler cannot read. */
export function scheduleAfter(
  current: Schedule,
  input: { frequency?: string | undefined; cron?: string | undefined },
): { frequency: string | null; cron: string | null } {
  const frequency = input.frequency ?? (input.cron !== undefined ? null : current.frequency);
  const cron = (input.cron ?? (input.frequency !== undefined ? null : current.cron))?.trim() ?? '';
  if (cron === '') return { frequency: frequency ?? 'manual', cron: null };
  const problem = cronProblem(cron);
  if (problem) throw new InvalidInput(`cron: ${problem}`);
  return { frequency: null, cron };
}

/** Whether a write changes when the next run is due (a new frequency, cron or time zone). */
export const changesSchedule = (input: { frequency?: string | undefined; cron?: string | undefined; timeZone?: string | undefined }) =>
  input.frequency !== undefined || input.cron !== undefined || input.timeZone !== undefined;
