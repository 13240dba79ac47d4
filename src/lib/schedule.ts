import { Cron } from 'croner';
import { isValidCron, nextCronRuns } from './cron';
import { cronWords, scheduleInWords } from './cron-words';
import { frequencyMs, type Schedule, type UpcomingRuns } from './schedule-basics';

// Everything schedules need, the cron library included.
export { cronUsesZone, describeFrequency, describeInterval, frequencyMs, type Schedule, scheduleOf, type UpcomingRuns } from './schedule-basics';
export { isValidCron, nextCronRuns };

/** Plain words for a cron expression, or null when it is not one the scheduler would accept. */
export function describeCron(cron: string): string | null {
  return isValidCron(cron) ? cronWords(cron) : null;
}

/** The schedule in words; a cron expression that fixes times says they are UTC, as the service reads them. */
export function describeSchedule(schedule: Schedule): string {
  return scheduleInWords(schedule, describeCron);
}

/**
 * The next `count` runs of a schedule. The first is the service's own due time (`nextRunAt`: null when nothing is
 * scheduled, as for a paused flow); the browser never works it out. A cron's runs after it follow from the
 * expression in its time zone. `nextRunAt` undefined is a preview of an expression not saved yet (a form): its
 * ticks from `now`.
 */
export function upcomingRuns(schedule: Schedule, nextRunAt: string | null | undefined, count: number, now: Date = new Date(), timeZone = 'UTC'): UpcomingRuns {
  if (schedule.kind === 'cron' && !isValidCron(schedule.cron)) return { kind: 'invalid' };
  if (schedule.kind === 'none' || nextRunAt === null) return { kind: 'none' };
  if (nextRunAt === undefined) return schedule.kind === 'cron' ? { kind: 'at', runs: nextCronRuns(schedule.cron, count, now, timeZone) } : { kind: 'none' };
  const first = new Date(nextRunAt);
  const rest = schedule.kind === 'cron' ? nextCronRuns(schedule.cron, count - 1, first, timeZone) : [];
  return { kind: 'at', runs: [first, ...rest] };
}

/**
 * The runs a schedule makes in [from, to], at most `max`, from the service's next due time on: a cron's ticks
 * in its zone, or a frequency's runs one interval apart. None when nothing is scheduled.
 */
export function scheduledRunsBetween(schedule: Schedule, nextRunAt: string | null, from: Date, to: Date, max: number, timeZone = 'UTC'): Date[] {
  if (schedule.kind === 'none' || nextRunAt === null) return [];
  const first = Date.parse(nextRunAt);
  if (Number.isNaN(first)) return [];
  if (schedule.kind === 'cron') {
    // Only up to `to`: asking for `max` runs first (60 days of a daily cron for the timeline's hours ahead) took
    // milliseconds per row.
    if (!isValidCron(schedule.cron)) return [];
    const job = new Cron(schedule.cron, { paused: true, timezone: timeZone });
    const runs: Date[] = [];
    for (let at: Date | null = new Date(first); at !== null && at.getTime() <= to.getTime() && runs.length < max; at = job.nextRun(at)) {
      if (at.getTime() >= from.getTime()) runs.push(at);
    }
    return runs;
  }
  const every = frequencyMs(schedule.frequency);
  if (every === null) return [];
  const runs: Date[] = [];
  for (let at = first; at <= to.getTime() && runs.length < max; at += every) if (at >= from.getTime()) runs.push(new Date(at));
  return runs;
}
