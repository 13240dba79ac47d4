import type { Queryable } from '../db/pool';
import { insertFirstUser } from '../store/users';
import { createLink } from './links';

// The single-user start: on a database without people, the service makes an admin and a single-use
// sign-in link (24 hours), printed beside the demo key. Instances starting together make one.

const FIRST_ADMIN = { email: 'admin@localhost', name: 'Admin', role: 'admin' } as const;

/** The first admin's sign-in token, when this start made them; null when there were people already. */
export async function createFirstAdmin(db: Queryable): Promise<string | null> {
  const admin = await insertFirstUser(db, FIRST_ADMIN);
  if (!admin) return null;
  return (await createLink(db, admin.id, 'sign-in')).token;
}
