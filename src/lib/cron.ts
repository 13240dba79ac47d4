import { Cron } from 'croner';

// The scheduler's own cron library (croner): what it accepts and when it fires, in the schedule's time zone.

/** Whether the scheduler accepts this cron expression. */
export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { paused: true, timezone: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** The next times a cron expression fires after `from`, read in `timeZone` (as the service's scheduler reads it); empty for an invalid expression. */
export function nextCronRuns(cron: string, count: number, from: Date = new Date(), timeZone = 'UTC'): Date[] {
  if (!isValidCron(cron) || count <= 0) return [];
  return new Cron(cron, { paused: true, timezone: timeZone }).nextRuns(count, from);
}
