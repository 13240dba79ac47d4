import { Cron } from 'croner';

// The scheduler's own cron library (croner, in UTC as the service reads cron): what it accepts and when it fires.

/** Whether the scheduler accepts this cron expression. */
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
