import type { UserRole } from '@/api/roles';
import type { Page } from '@/service-rules/request-params';
import { one, type Queryable } from '../db/pool';

// People who may sign in, and their single-use links (an invitation, a password reset, the first
// start's sign-in). A link's token is never stored: only its sha256.

export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  password_hash: string | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  created_at: Date;
  last_seen_at: Date | null;
}

export type LinkPurpose = 'invitation' | 'reset' | 'sign-in';

export async function listUserRows(db: Queryable, page: Page): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users ORDER BY id LIMIT $1 OFFSET $2', [page.limit, page.offset]);
  return rows;
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0];
}

export async function findUserBySubject(db: Queryable, issuer: string, subject: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2', [issuer, subject]);
  return rows[0];
}

export interface NewUser {
  email: string;
  name: string;
  role: UserRole;
  oidcIssuer?: string;
  oidcSubject?: string;
}

/** The new person's row; undefined when the email is taken (by any case of it). */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, name, role, oidc_issuer, oidc_subject) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
    [user.email, user.name, user.role, user.oidcIssuer ?? null, user.oidcSubject ?? null],
  );
  return rows[0];
}

/** The first person, only while there is nobody: instances starting together create one. */
export async function insertFirstUser(db: Queryable, user: NewUser): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, name, role) SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM users)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
    [user.email, user.name, user.role],
  );
  return rows[0];
}

export async function updateUserRow(db: Queryable, id: number, fields: { name?: string; role?: UserRole }): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('UPDATE users SET name = coalesce($2, name), role = coalesce($3, role) WHERE id = $1 RETURNING *', [
    id,
    fields.name ?? null,
    fields.role ?? null,
  ]);
  return rows[0];
}

export async function linkUserToSubject(db: Queryable, id: number, issuer: string, subject: string, role: UserRole): Promise<UserRow> {
  const { rows } = await db.query<UserRow>('UPDATE users SET oidc_issuer = $2, oidc_subject = $3, role = $4 WHERE id = $1 RETURNING *', [
    id,
    issuer,
    subject,
    role,
  ]);
  return one(rows);
}

/** Sessions, keys and links go with the row (foreign keys ON DELETE CASCADE). */
export async function deleteUserRow(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM users WHERE id = $1', [id]);
  return rowCount === 1;
}

/** The admins' ids, their rows locked until the transaction ends: two demotions cannot both take the last admin. */
export async function lockAdmins(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE");
  return rows.map((row) => row.id);
}

export async function setPasswordHash(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** Notes that a person was here, at most once a minute (a write on every request would be waste). */
export async function touchUser(db: Queryable, id: number): Promise<void> {
  await db.query("UPDATE users SET last_seen_at = now() WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < now() - interval '1 minute')", [id]);
}

/** A new link for the person; their earlier unused links stop working (only the newest one is theirs to use). */
export async function insertLink(db: Queryable, link: { tokenHash: string; userId: number; purpose: LinkPurpose; expiresAt: Date }): Promise<void> {
  await db.query('DELETE FROM user_links WHERE user_id = $1 AND used_at IS NULL', [link.userId]);
  await db.query('INSERT INTO user_links (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [
    link.tokenHash,
    link.userId,
    link.purpose,
    link.expiresAt,
  ]);
}

export interface LinkRow {
  user_id: number;
  purpose: LinkPurpose;
  expires_at: Date;
  used_at: Date | null;
  expired: boolean;
  email: string;
  name: string;
}

export async function findLink(db: Queryable, tokenHash: string): Promise<LinkRow | undefined> {
  const { rows } = await db.query<LinkRow>(
    `SELECT l.user_id, l.purpose, l.expires_at, l.used_at, l.expires_at <= now() AS expired, u.email, u.name
     FROM user_links l JOIN users u ON u.id = l.user_id WHERE l.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** Marks the link used, only when it is unused and unexpired now; false when another use (or the clock) came first. */
export async function claimLink(db: Queryable, tokenHash: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE user_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()', [tokenHash]);
  return rowCount === 1;
}
