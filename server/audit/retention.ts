import type { Queryable } from '../db/pool';
import { readRetentionDays } from '../runs/log-retention';
import { deleteAuditEntriesBefore } from '../store/audit-log';

// Audit entries are kept FLOWDECK_AUDIT_RETENTION_DAYS days (365 by default). The worker's hourly
// retention pass (run-service.ts, beside the log lines') deletes older ones in batches: each batch is a
// statement of its own, so a year of entries going at once never holds one long transaction.

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
const BATCH = 5_000;
const DAY_MS = 86_400_000;

export const readAuditRetentionDays = (raw: string | undefined) => readRetentionDays('FLOWDECK_AUDIT_RETENTION_DAYS', raw, DEFAULT_AUDIT_RETENTION_DAYS);

/** Deletes the entries older than the retention, a batch at a time; returns how many went. */
export async function pruneAuditLog(db: Queryable, retentionDays: number, now = Date.now()): Promise<number> {
  const before = new Date(now - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await deleteAuditEntriesBefore(db, before, BATCH);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}
