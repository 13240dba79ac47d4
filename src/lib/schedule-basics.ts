// The light half of schedules: kinds, frequencies, and what needs no cron library. Cron words (cronstrue, about
// 7 KB gzip) are in cron-words.ts, which a list showing a cron loads when it first draws one; the cron scheduler's
// own library (croner, about 10 KB more) comes only with what checks a cron or tells its times (schedule.ts). See
// use-schedule-engine.ts: a page whose schedules are frequencies fetches neither.
import { provided } from './on-demand';

/** A flow's or workflow's schedule: `cron` wins over `frequency` (the public interface says so). */
export type Schedule = { kind: 'cron'; cron: string } | { kind: 'frequency'; frequency: string } | { kind: 'none' };

export function scheduleOf({ frequency, cron }: { frequency: string | null; cron: string | null }): Schedule {
  if (cron) return { kind: 'cron', cron };
  if (frequency) return { kind: 'frequency', frequency };
  return { kind: 'none' };
}

const UNITS: Record<string, [singular: string, plural: string]> = { m: ['minute', 'minutes'], h: ['hour', 'hours'], d: ['day', 'days'] };

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `6h` as an amount and a unit, or null for `manual` and values the interface does not list. */
function parseFrequency(frequency: string): { amount: number; unit: string } | null {
  const match = /^(\d+)\s*([mhd])$/i.exec(frequency.trim());
  const amount = Number(match?.[1]);
  const unit = match?.[2]?.toLowerCase();
  return unit && amount > 0 ? { amount, unit } : null;
}

/** `6h` reads "Every 6 hours"; a value the interface does not list is shown as it came. */
export function describeFrequency(frequency: string): string {
  if (frequency.toLowerCase() === 'manual') return 'Manual only';
  const parsed = parseFrequency(frequency);
  const unit = parsed ? UNITS[parsed.unit] : undefined;
  if (!parsed || !unit) return frequency;
  return parsed.amount === 1 ? `Every ${unit[0]}` : `Every ${String(parsed.amount)} ${unit[1]}`;
}

/** `6h` reads "6 hours", `1h` "1 hour"; null for `manual` and values the interface does not list. */
export function describeInterval(frequency: string): string | null {
  const parsed = parseFrequency(frequency);
  const unit = parsed ? UNITS[parsed.unit] : undefined;
  if (!parsed || !unit) return null;
  return `${String(parsed.amount)} ${parsed.amount === 1 ? unit[0] : unit[1]}`;
}

/** How long a frequency waits between runs; null for `manual` and values the interface does not list. */
export function frequencyMs(frequency: string): number | null {
  const parsed = parseFrequency(frequency);
  const unitMs = parsed ? UNIT_MS[parsed.unit] : undefined;
  return parsed && unitMs ? parsed.amount * unitMs : null;
}

/**
 * Whether a cron expression's times depend on the zone: the service reads cron in UTC, so any hour, day or
 * month field fixes UTC times. One that sets only the minute fires at the same instants in every zone.
 */
export function cronUsesZone(cron: string): boolean {
  return cron
    .trim()
    .split(/\s+/)
    .slice(1)
    .some((field) => field !== '*');
}

/** What cron-words.ts gives once loaded: a cron in plain words, all a list of schedules needs. */
export interface CronWording {
  describeCron: (cron: string) => string | null;
  describeSchedule: (schedule: Schedule) => string;
}

/** What schedule.ts gives once loaded: the words, checked by the scheduler's own library, and a cron's times. */
export interface ScheduleEngine extends CronWording {
  isValidCron: (cron: string) => boolean;
  upcomingRuns: (schedule: Schedule, nextRunAt: string | null | undefined, count: number, now?: Date, timeZone?: string) => UpcomingRuns;
}

/** Each hands itself over when evaluated, however it came (use-schedule-engine.ts fetches them). */
export const scheduleWordsStore = provided<CronWording>();
export const scheduleEngineStore = provided<ScheduleEngine>();

/** What to say about a schedule's next runs. */
export type UpcomingRuns = { kind: 'at'; runs: Date[] } | { kind: 'none' } | { kind: 'invalid' };
