import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool';
import { type UserRole, USER_ROLES } from '@/api/roles';
import type { Page } from '@/service-rules/request-params';
import type { Plan } from '@/service-rules/plans';
import { hashToken } from '../auth/tokens';

/** Keys are random, so a fast hash is enough to store them (tokens.ts). */
export const hashKey = hashToken;

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

const lowerRole = (a: UserRole, b: UserRole): UserRole => (USER_ROLES.indexOf(a) <= USER_ROLES.indexOf(b) ? a : b);

interface HolderRow {
  id: number;
  plan: string;
  role: UserRole;
  label: string | null;
  user_id: number | null;
  owner_role: UserRole | null;
}

// A person's key acts with the lower of its own role and its owner's: demoting someone demotes their keys.
const HOLDER_QUERY = `SELECT k.id, k.plan, k.role, k.label, k.user_id, u.role AS owner_role
  FROM api_keys k LEFT JOIN users u ON u.id = k.user_id
  WHERE (k.expires_at IS NULL OR k.expires_at > now())`;

function holderOf(row: HolderRow | undefined): KeyHolder | null {
  if (!row) return null;
  const role = row.owner_role ? lowerRole(row.role, row.owner_role) : row.role;
  return { id: row.id, plan: row.plan, role, name: row.label ?? `Key ${String(row.id)}`, userId: row.user_id };
}

/** The holder of a key by its hash, or null when no such key is valid now (unknown or expired). */
export async function keyHolderOfHash(db: Queryable, keyHash: string): Promise<KeyHolder | null> {
  const { rows } = await db.query<HolderRow>(`${HOLDER_QUERY} AND k.key_hash = $1`, [keyHash]);
  return holderOf(rows[0]);
}

export async function keyHolderById(db: Queryable, id: number): Promise<KeyHolder | null> {
  const { rows } = await db.query<HolderRow>(`${HOLDER_QUERY} AND k.id = $1`, [id]);
  return holderOf(rows[0]);
}

export interface KeyRow {
  id: number;
  label: string | null;
  role: UserRole;
  user_id: number | null;
  owner_name: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** Keys as listed: never their hash. */
export async function listKeyRows(db: Queryable, page: Page): Promise<KeyRow[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT k.id, k.label, k.role, k.user_id, u.name AS owner_name, k.created_at, k.expires_at, k.last_used_at
     FROM api_keys k LEFT JOIN users u ON u.id = k.user_id ORDER BY k.id LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  return rows;
}

/** Revokes a key: its row goes, and with it the sessions signed in with it. */
export async function deleteKey(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM api_keys WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function noteKeyUsed(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [id]);
}

/** Records that a key was used from an address; true the first time for that address. */
export async function insertKeyAddress(db: Queryable, id: number, address: string): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO key_addresses (key_id, address) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, address]);
  return rowCount === 1;
}
