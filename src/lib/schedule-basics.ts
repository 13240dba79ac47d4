// Schedules without the cron libraries: kinds, frequencies and their times. Cron words are in cron-words.ts
// (cronstrue), cron checks and times in schedule.ts (croner), which brings all of it together.

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

/** A cron in plain words, all a list of schedules needs (cron-words.ts). */
export interface CronWording {
  describeCron: (cron: string) => string | null;
  describeSchedule: (schedule: Schedule) => string;
}

/** What to say about a schedule's next runs. */
export type UpcomingRuns = { kind: 'at'; runs: Date[] } | { kind: 'none' } | { kind: 'invalid' };
