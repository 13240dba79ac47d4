import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool';
import type { UserRole } from '@/api/roles';
import type { Plan } from '@/service-rules/plans';

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new random key (256 bits); only its hash is stored, so it is shown once. */
export function newApiKey(): string {
  return `fd_${randomBytes(32).toString('base64url')}`;
}

export interface NewKey {
  plan: Plan;
  label: string | null;
  /** Admin unless said: keys made before roles existed were all-powerful. */
  role?: UserRole;
  /** The person it belongs to; none for a service key. */
  userId?: number | null;
  expiresAt?: Date | null;
}

export async function insertApiKey(db: Queryable, key: string, plan: Plan, label: string | null, role: UserRole = 'admin'): Promise<void> {
  await insertKey(db, key, { plan, label, role });
}

/** Stores a key's hash; answers its id (null when the same key was stored already). */
export async function insertKey(db: Queryable, key: string, fields: NewKey): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO api_keys (key_hash, plan, label, role, user_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (key_hash) DO NOTHING RETURNING id`,
    [hashKey(key), fields.plan, fields.label, fields.role ?? 'admin', fields.userId ?? null, fields.expiresAt ?? null],
  );
  return rows[0]?.id ?? null;
}

/** What a valid key stands for: the caller the service acts for. */
export interface KeyHolder {
  id: number;
  plan: string;
  role: UserRole;
  name: string;
  userId: number | null;
}

/** The holder of a key by its hash, or null when no such key is valid now (unknown or expired). */
export async function keyHolderOfHash(db: Queryable, keyHash: string): Promise<KeyHolder | null> {
  const { rows } = await db.query<{ id: number; plan: string; role: UserRole; label: string | null; user_id: number | null }>(
    `SELECT id, plan, role, label, user_id FROM api_keys
     WHERE key_hash = $1 AND (expires_at IS NULL OR expires_at > now())`,
    [keyHash],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, plan: row.plan, role: row.role, name: row.label ?? `Key ${String(row.id)}`, userId: row.user_id };
}
