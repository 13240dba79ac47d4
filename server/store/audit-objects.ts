import type { Queryable } from '../db/pool';

// People and keys as an audit entry records them (their wire fields, never a password or a key's hash):
// read by the audit recorder in the change's transaction (server/audit/objects.ts).

export interface AuditedUser {
  id: number;
  email: string;
  name: string;
  role: string;
}

export async function findUserForAudit(db: Queryable, id: number): Promise<AuditedUser | null> {
  const { rows } = await db.query<AuditedUser>('SELECT id, email, name, role FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export interface AuditedKey {
  id: number;
  name: string;
  role: string;
  owner: number | null;
  expiresAt: string | null;
}

export async function findKeyForAudit(db: Queryable, id: number): Promise<AuditedKey | null> {
  const { rows } = await db.query<{ id: number; label: string | null; role: string; user_id: number | null; expires_at: Date | null }>(
    'SELECT id, label, role, user_id, expires_at FROM api_keys WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, name: row.label ?? `Key ${String(row.id)}`, role: row.role, owner: row.user_id, expiresAt: row.expires_at?.toISOString() ?? null };
}
