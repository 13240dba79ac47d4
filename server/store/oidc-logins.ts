import type { Queryable } from '../db/pool';

/** A sign-in waiting for the provider's answer (migration 036). */
export interface PendingLogin {
  state: string;
  codeVerifier: string;
  nonce: string;
  /** The dashboard path to open once signed in. */
  redirectTo: string;
}

/** Stores a pending sign-in, and forgets those older than `maxAgeSeconds`: nobody can still use them. */
export async function insertOidcLogin(db: Queryable, login: PendingLogin, maxAgeSeconds: number): Promise<void> {
  await db.query('DELETE FROM oidc_logins WHERE created_at < now() - make_interval(secs => $1)', [maxAgeSeconds]);
  await db.query('INSERT INTO oidc_logins (state, code_verifier, nonce, redirect_to) VALUES ($1, $2, $3, $4)', [
    login.state,
    login.codeVerifier,
    login.nonce,
    login.redirectTo,
  ]);
}

/**
 * Takes a pending sign-in by its state: deleted in the same statement, so two callbacks with one state cannot
 * both have it. Null when unknown, already taken, or older than `maxAgeSeconds`.
 */
export async function takeOidcLogin(db: Queryable, state: string, maxAgeSeconds: number): Promise<PendingLogin | null> {
  const { rows } = await db.query<{ code_verifier: string; nonce: string; redirect_to: string; fresh: boolean }>(
    `DELETE FROM oidc_logins WHERE state = $1
     RETURNING code_verifier, nonce, redirect_to, created_at >= now() - make_interval(secs => $2) AS fresh`,
    [state, maxAgeSeconds],
  );
  const row = rows[0];
  if (!row?.fresh) return null;
  return { state, codeVerifier: row.code_verifier, nonce: row.nonce, redirectTo: row.redirect_to };
}
