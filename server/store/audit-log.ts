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
    `INSERT INTO audit_log (actor_type, actor_id, actor_name, address, action, resource_type, resource_id, resource_name, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
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
