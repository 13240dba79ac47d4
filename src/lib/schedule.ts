import { Cron } from 'croner';
import { isValidCron, nextCronRuns } from './cron';
import { cronWords, scheduleInWords } from './cron-words';
import { frequencyMs, nextFrequencyRun, upcomingFrequencyRuns, type Schedule, type UpcomingRuns } from './schedule-basics';

// Everything schedules need, the cron library included.
export {
  cronUsesZone,
  describeFrequency,
  describeInterval,
  frequencyMs,
  nextFrequencyRun,
  type Schedule,
  scheduleOf,
  upcomingFrequencyRuns,
  type UpcomingRuns,
} from './schedule-basics';
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
 * The next `count` runs of a schedule from `now`: a cron's next ticks, or a frequency's next run after the
 * last run's start (`lastRunAt`: null never ran, undefined not known).
 */
export function upcomingRuns(schedule: Schedule, lastRunAt: string | null | undefined, count: number, now: Date = new Date()): UpcomingRuns {
  switch (schedule.kind) {
    case 'cron': {
      const runs = nextCronRuns(schedule.cron, count, now);
      return runs.length > 0 ? { kind: 'at', runs } : { kind: 'invalid' };
    }
    case 'frequency':
      return upcomingFrequencyRuns(schedule.frequency, lastRunAt);
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
