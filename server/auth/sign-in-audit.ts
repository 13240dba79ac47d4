import type { Queryable } from '../db/pool';
import type { Caller } from '../http/auth';
import { type AuditActor, insertAuditEntry } from '../store/audit-log';

// The sign-in events of the audit log (the changes made once signed in are recorded with the operations).
// A failed sign-in names what was tried as the account (the email, or "an API key"), never the password or key.

export const actorOf = (caller: Pick<Caller, 'type' | 'id' | 'name'>): AuditActor => ({ type: caller.type, id: String(caller.id), name: caller.name });

export async function recordSignIn(db: Queryable, actor: AuditActor, address: string): Promise<void> {
  await insertAuditEntry(db, { actor, address, action: 'signIn', resource: null, changes: null });
}

export async function recordSignInFailed(db: Queryable, tried: string, address: string): Promise<void> {
  await insertAuditEntry(db, { actor: { type: 'anonymous', id: null, name: tried }, address, action: 'signInFailed', resource: null, changes: null });
}

export async function recordSignOutEverywhere(db: Queryable, actor: AuditActor, address: string): Promise<void> {
  await insertAuditEntry(db, { actor, address, action: 'signOutEverywhere', resource: null, changes: null });
}
