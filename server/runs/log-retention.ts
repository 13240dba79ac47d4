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

/** A retention setting: a whole number of days from 1 to 3650 (`fallback` when unset); anything else stops the start. */
export function readRetentionDays(variable: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const days = /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(days >= 1 && days <= 3650)) throw new Error(`${variable} must be a whole number of days from 1 to 3650, got "${raw}".`);
  return days;
}

/** FLOWDECK_LOG_RETENTION_DAYS. */
export const readLogRetentionDays = (raw: string | undefined) => readRetentionDays('FLOWDECK_LOG_RETENTION_DAYS', raw, DEFAULT_LOG_RETENTION_DAYS);
