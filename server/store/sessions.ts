import type { UserRole } from '@/api/roles';
import type { Queryable } from '../db/pool';
import { touchUser } from './users';

// Browser sessions: the cookie's value is never stored, only its sha256 (`id_hash`). A session stands for
// a person, or for the API key the browser signed in with. It ends at `expires_at` (the absolute bound)
// or after the idle bound since `last_seen_at`, which is written at most once a minute.

export type SessionHolder = { type: 'user'; userId: number; name: string; role: UserRole } | { type: 'key'; keyId: number };

export interface NewSession {
  idHash: string;
  holder: { userId: number } | { keyId: number };
  expiresAt: Date;
  address: string;
}

export async function insertSession(db: Queryable, session: NewSession): Promise<void> {
  const { holder } = session;
  await db.query('INSERT INTO sessions (id_hash, user_id, key_id, expires_at, address) VALUES ($1, $2, $3, $4, $5)', [
    session.idHash,
    'userId' in holder ? holder.userId : null,
    'keyId' in holder ? holder.keyId : null,
    session.expiresAt,
    session.address,
  ]);
}

/**
 * Who a live session stands for (null when it is unknown, past either bound, or its key expired), noting the
 * request on the session and its person when the last note is a minute old.
 */
export async function findLiveSession(db: Queryable, idHash: string, idleMs: number): Promise<SessionHolder | null> {
  const { rows } = await db.query<{ user_id: number | null; key_id: number | null; name: string | null; role: UserRole | null; stale: boolean }>(
    `SELECT s.user_id, s.key_id, u.name, u.role, s.last_seen_at < now() - interval '1 minute' AS stale
     FROM sessions s LEFT JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)`,
    [idHash, idleMs / 1000],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
    if (row.user_id !== null) await touchUser(db, row.user_id);
  }
  if (row.key_id !== null) return { type: 'key', keyId: row.key_id };
  if (row.user_id === null || row.name === null || row.role === null) return null;
  return { type: 'user', userId: row.user_id, name: row.name, role: row.role };
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

/** Ends every session of a person: theirs, and those signed in with their keys. */
export async function deleteSessionsOfUser(db: Queryable, userId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE user_id = $1 OR key_id IN (SELECT id FROM api_keys WHERE user_id = $1)', [userId]);
  return rowCount ?? 0;
}
