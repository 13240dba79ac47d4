import type { Queryable } from '../db/pool';

// The audit log's one writer: an entry is written with the same client (the same transaction) as the
// change it records. Names are stored as they were, so an entry still reads once its actor or object
// is gone. `changes` never holds a secret's value (the recorder writes "changed" for one).

export interface AuditActor {
  type: 'user' | 'key' | 'card' | 'webhook' | 'system' | 'anonymous';
  id: string | null;
  name: string;
}

export interface AuditResource {
  type: string;
  id: string | null;
  name: string | null;
}

export interface NewAuditEntry {
  actor: AuditActor;
  address: string | null;
  action: string;
  resource: AuditResource | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

export async function insertAuditEntry(db: Queryable, entry: NewAuditEntry): Promise<void> {
  await db.query(
    // The time of the insert, as its id is: now() is its transaction's start, which would order a long change's
    // entry before ones recorded while it ran, and the log reads newest first by id.
    `INSERT INTO audit_log (at, actor_type, actor_id, actor_name, address, action, resource_type, resource_id, resource_name, changes)
     VALUES (clock_timestamp(), $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.actor.type,
      entry.actor.id,
      entry.actor.name,
      entry.address,
      entry.action,
      entry.resource?.type ?? null,
      entry.resource?.id ?? null,
      entry.resource?.name ?? null,
      entry.changes === null ? null : JSON.stringify(entry.changes),
    ],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_type: AuditActor['type'];
  actor_id: string | null;
  actor_name: string;
  address: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

export interface AuditFilter {
  actor: { type: string; id: string } | null;
  action: string | null;
  resourceType: string | null;
  resourceId: string | null;
  from: Date | null;
  to: Date | null;
  beforeId: bigint | null;
  limit: number;
}

/**
 * A page of entries, newest first: keyset by id (ids grow with time), each filter a condition on one of
 * migration 035's indexes. One more row than asked is read, so the caller knows whether another page follows.
 */
export async function listAuditEntries(db: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const where = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${String(values.length)}`));
  };
  if (filter.actor) {
    where((p) => `actor_type = ${p}`, filter.actor.type);
    where((p) => `actor_id = ${p}`, filter.actor.id);
  }
  if (filter.action) where((p) => `action = ${p}`, filter.action);
  if (filter.resourceType) where((p) => `resource_type = ${p}`, filter.resourceType);
  if (filter.resourceId) where((p) => `resource_id = ${p}`, filter.resourceId);
  if (filter.from) where((p) => `at >= ${p}`, filter.from);
  if (filter.to) where((p) => `at < ${p}`, filter.to);
  if (filter.beforeId !== null) where((p) => `id < ${p}`, filter.beforeId.toString());
  values.push(filter.limit + 1);
  // Ordered by the table's id: the text the answer carries would sort "99" after "181".
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text AS id, at, actor_type, actor_id, actor_name, address, action, resource_type, resource_id, resource_name, changes
       FROM audit_log ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY audit_log.id DESC LIMIT $${String(values.length)}`,
    values,
  );
  return rows;
}

/** Deletes at most `batch` entries recorded before `before` (oldest first); returns how many went. */
export async function deleteAuditEntriesBefore(db: Queryable, before: Date, batch: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < $1 ORDER BY at, id LIMIT $2)`, [before, batch]);
  return rowCount ?? 0;
}
