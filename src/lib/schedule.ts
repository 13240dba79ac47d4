import { Cron } from 'croner';
import cronstrue from 'cronstrue';

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
 * When a flow on a frequency runs next: `frequency` after its last run started. Null when that is not
 * known: a flow that never ran is due `frequency` after its creation, which the interface does not report.
 * A time already past means the run is due now.
 */
export function nextFrequencyRun(frequency: string, lastRunAt: string | null): Date | null {
  const every = frequencyMs(frequency);
  const last = lastRunAt ? Date.parse(lastRunAt) : Number.NaN;
  return every === null || Number.isNaN(last) ? null : new Date(last + every);
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

/** Plain words for a cron expression, or null when it is not one a scheduler would accept. */
/**
 * Words by cron expression. Parsing and wording a cron costs ~0.1 ms; a list of 10,000 flows shares a few dozen
 * expressions, so each is worded once (bounded, in case a session meets many).
 */
const cronWords = new Map<string, string | null>();
const CRON_WORDS_KEPT = 1000;

export function describeCron(cron: string): string | null {
  const known = cronWords.get(cron);
  if (known !== undefined) return known;
  const words = wordCron(cron);
  if (cronWords.size >= CRON_WORDS_KEPT) cronWords.clear();
  cronWords.set(cron, words);
  return words;
}

function wordCron(cron: string): string | null {
  if (!isValidCron(cron)) return null;
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return null;
  }
}

export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { paused: true, timezone: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** The next times a cron expression fires, in UTC; empty for an invalid expression. */
export function nextCronRuns(cron: string, count: number, from: Date = new Date()): Date[] {
  if (!isValidCron(cron)) return [];
  return new Cron(cron, { paused: true, timezone: 'UTC' }).nextRuns(count, from);
}

/** The schedule in words; a cron expression that fixes times says they are UTC, as the service reads them. */
export function describeSchedule(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'cron': {
      const words = describeCron(schedule.cron);
      if (words === null) return `Unreadable cron: ${schedule.cron}`;
      return cronUsesZone(schedule.cron) ? `${words} (UTC)` : words;
    }
    case 'frequency':
      return describeFrequency(schedule.frequency);
    case 'none':
      return 'No schedule';
  }
}

/** What to say about a schedule's next runs. */
export type UpcomingRuns =
  | { kind: 'at'; runs: Date[] }
  /** A frequency that never ran: due one frequency after the flow's creation, a time the interface does not report. */
  | { kind: 'after-creation'; interval: string }
  /** The last run is not known yet (still loading, or not reported). */
  | { kind: 'unknown' }
  | { kind: 'none' }
  | { kind: 'invalid' };

/**
 * The next `count` runs of a schedule from `now`: a cron's next ticks, or a frequency's next run after the
 * last run's start (`lastRunAt`: null never ran, undefined not known).
 */
export function upcomingRuns(schedule: Schedule, lastRunAt: string | null | undefined, count: number, now: Date = new Date()): UpcomingRuns {
  switch (schedule.kind) {
    case 'cron': {
      const runs = nextCronRuns(schedule.cron, count, now);
      return runs.length > 0 ? { kind: 'at', runs } : { kind: 'invalid' };
    }
    case 'frequency': {
      const interval = describeInterval(schedule.frequency);
      if (interval === null) return { kind: 'none' };
      if (lastRunAt === undefined) return { kind: 'unknown' };
      const next = nextFrequencyRun(schedule.frequency, lastRunAt);
      return next ? { kind: 'at', runs: [next] } : { kind: 'after-creation', interval };
    }
    case 'none':
      return { kind: 'none' };
  }
}

/**
 * The runs a schedule makes in (from, to], at most `max`: a cron's ticks, or a frequency's runs counted from
 * the last start (none when that is not known). Past-due runs of a frequency are not invented: they start now.
 */
export function scheduledRunsBetween(schedule: Schedule, lastRunAt: string | null, from: Date, to: Date, max: number): Date[] {
  if (schedule.kind === 'cron') {
    // Only up to `to`: asking for `max` runs first (60 days of a daily cron for the timeline's hours ahead) took
    // milliseconds per row.
    if (!isValidCron(schedule.cron)) return [];
    const job = new Cron(schedule.cron, { paused: true, timezone: 'UTC' });
    const runs: Date[] = [];
    for (let at = job.nextRun(from); at !== null && at.getTime() <= to.getTime() && runs.length < max; at = job.nextRun(at)) runs.push(at);
    return runs;
  }
  if (schedule.kind === 'none') return [];
  const every = frequencyMs(schedule.frequency);
  const next = nextFrequencyRun(schedule.frequency, lastRunAt);
  if (every === null || next === null) return [];
  const runs: Date[] = [];
  for (let at = Math.max(next.getTime(), from.getTime()); at <= to.getTime() && runs.length < max; at += every) runs.push(new Date(at));
  return runs;
}
