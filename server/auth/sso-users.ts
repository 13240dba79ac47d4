import { roleAtLeast, type UserRole } from '@/api/roles';
import { isUniqueViolation, type Queryable } from '../db/pool';
import { findUserByEmail, findUserBySubject, insertUser, linkUserToSubject, type UserRow } from '../store/users';

export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** Only an address the provider verified: it may match a person invited here before. */
  email: string;
  name: string;
  /** The role the provider's claims give (or the default role). */
  role: UserRole;
}

/**
 * The person an SSO sign-in stands for: the one the provider vouched for before (issuer and subject),
 * else the one with this email (now tied to the provider), else a new person with the given role. SSO may
 * raise a role (a group mapped to a higher one) but never lowers one an admin gave.
 */
export async function findOrCreateSsoUser(db: Queryable, identity: SsoIdentity): Promise<UserRow> {
  const { issuer, subject, role } = identity;
  const known = (await findUserBySubject(db, issuer, subject)) ?? (await findUserByEmail(db, identity.email));
  if (known) {
    const kept = roleAtLeast(known.role, role) ? known.role : role;
    return linkUserToSubject(db, known.id, issuer, subject, kept);
  }
  try {
    const created = await insertUser(db, { email: identity.email, name: identity.name, role, oidcIssuer: issuer, oidcSubject: subject });
    if (created) return created;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Another sign-in of the same person made the row first.
  return findOrCreateSsoUser(db, identity);
}
