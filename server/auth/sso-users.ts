import { roleAtLeast, type UserRole } from '@/api/roles';
import type { Queryable } from '../db/pool';
import { findUserByEmail, findUserBySubject, insertUser, linkUserToSubject, type UserRow } from '../store/users';

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** Whether the provider checked the email: only a checked one may match a person invited here before. */
  emailVerified: boolean;
  name: string | null;
  /** The role the provider's claims give (or the default role). */
  role: UserRole;
}

/**
 * The person an SSO sign-in stands for: the one the provider vouched for before (issuer and subject),
 * else the one invited here with this verified email and tied to no provider yet (now tied to this one),
 * else a new person with the given role. Null when the email belongs to someone it may not become (an
 * unverified email, or a person another provider's account is tied to): the sign-in is refused. SSO may
 * raise a role (a group mapped to a higher one) but never lowers one an admin gave.
 */
export async function findOrCreateSsoUser(db: Queryable, identity: SsoIdentity): Promise<UserRow | null> {
  const { issuer, subject, role } = identity;
  const vouched = await findUserBySubject(db, issuer, subject);
  if (vouched) return linkUserToSubject(db, vouched.id, issuer, subject, higher(vouched.role, role));
  const email = identity.email ?? `${subject}@${new URL(issuer).host}`;
  const sameEmail = await findUserByEmail(db, email);
  if (sameEmail) {
    if (!identity.emailVerified || sameEmail.oidc_subject !== null) return null;
    return linkUserToSubject(db, sameEmail.id, issuer, subject, higher(sameEmail.role, role));
  }
  const created = await insertUser(db, { email, name: identity.name ?? email, role, oidcIssuer: issuer, oidcSubject: subject });
  // Null: another sign-in of the same person made the row first.
  return created ?? (await findUserBySubject(db, issuer, subject)) ?? null;
}

const higher = (kept: UserRole, given: UserRole) => (roleAtLeast(kept, given) ? kept : given);
