import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool';
import type { Plan } from '@/service-rules/plans';

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new random key (256 bits); only its hash is stored, so it is shown once. */
export function newApiKey(): string {
  return `fd_${randomBytes(32).toString('base64url')}`;
}

export async function insertApiKey(db: Queryable, key: string, plan: Plan, label: string | null): Promise<void> {
  await db.query('INSERT INTO api_keys (key_hash, plan, label) VALUES ($1, $2, $3) ON CONFLICT (key_hash) DO NOTHING', [hashKey(key), plan, label]);
}

export async function planOfKeyHash(db: Queryable, keyHash: string): Promise<string | null> {
  const { rows } = await db.query<{ plan: string }>('SELECT plan FROM api_keys WHERE key_hash = $1', [keyHash]);
  return rows[0]?.plan ?? null;
}
