import type { Queryable } from '../db/pool';
import { deleteLogLinesBefore } from '../store/attempt-log-lines';

// Attempt log lines are kept FLOWDECK_LOG_RETENTION_DAYS days (30 by default); a pass at start and
// every hour deletes older ones. Several instances may prune at once: deleting is idempotent.

export const DEFAULT_LOG_RETENTION_DAYS = 30;
export const LOG_RETENTION_TICK_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Deletes the lines older than the retention; returns how many went. */
export function pruneAttemptLogs(db: Queryable, retentionDays: number, now = Date.now()): Promise<number> {
  return deleteLogLinesBefore(db, new Date(now - retentionDays * DAY_MS));
}

/** FLOWDECK_LOG_RETENTION_DAYS: a whole number of days from 1 to 3650; anything else stops the start. */
export function readLogRetentionDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_LOG_RETENTION_DAYS;
  const days = /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(days >= 1 && days <= 3650)) throw new Error(`FLOWDECK_LOG_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${raw}".`);
  return days;
}
