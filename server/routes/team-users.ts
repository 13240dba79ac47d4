import { TEAM_MESSAGES } from '@/api/messages';
import type { UserRole } from '@/api/roles';
import type { User } from '@/api/team';
import { Conflict, NotFound } from '@/service-rules/errors';
import { createLink, linkUrl } from '../auth/links';
import { inTransaction } from '../db/transaction';
import type { Authenticator } from '../http/auth';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { deleteUserRow, findUser, insertUser, listUserRows, lockAdmins, updateUserRow, type UserRow } from '../store/users';

// People (an admin's): invite one (a single-use link, 7 days), change a name or role, remove one, give a
// password-reset link (24 hours). There is always an admin: the last one can be neither demoted nor removed.

export function userOnWire(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    // The first start's admin may have signed in with their link and set no password: they are here all the same.
    state: row.password_hash === null && row.oidc_subject === null && row.last_seen_at === null ? 'invited' : 'active',
    signIn: [...(row.password_hash === null ? [] : ['password' as const]), ...(row.oidc_subject === null ? [] : ['sso' as const])],
  };
}

/** Refuses a change that would leave no admin; call within the transaction that makes it (the admins' rows are locked). */
async function keepAnAdmin(db: Parameters<typeof lockAdmins>[0], userId: number, newRole: UserRole | null): Promise<void> {
  const admins = await lockAdmins(db);
  if (newRole !== 'admin' && admins.length === 1 && admins[0] === userId) throw new Conflict(TEAM_MESSAGES.lastAdmin);
}

export function teamUserHandlers(services: Services, auth: Authenticator) {
  const { db } = services;
  const singleUseLink = (link: { token: string; expiresAt: Date }) => ({
    url: linkUrl(services.publicOrigin(), link.token),
    expiresAt: link.expiresAt.toISOString(),
  });

  return {
    listUsers: async ({ query }) => ({ data: (await listUserRows(db, query)).map(userOnWire) }),

    createUser: async ({ body }) => {
      const invited = await inTransaction(db, async (client) => {
        const row = await insertUser(client, body);
        if (!row) throw new Conflict(TEAM_MESSAGES.emailTaken);
        return { row, link: await createLink(client, row.id, 'invitation') };
      });
      return { data: { ...userOnWire(invited.row), invitation: singleUseLink(invited.link) } };
    },

    updateUser: async ({ params, body }) => {
      const row = await inTransaction(db, async (client) => {
        if (body.role !== undefined) await keepAnAdmin(client, params.id, body.role);
        return updateUserRow(client, params.id, body);
      });
      if (!row) throw new NotFound();
      // Their sessions and keys act with the new role at once here, within the cache bound elsewhere.
      auth.forgetRemembered();
      return { data: userOnWire(row) };
    },

    deleteUser: async ({ params }) => {
      const deleted = await inTransaction(db, async (client) => {
        await keepAnAdmin(client, params.id, null);
        return deleteUserRow(client, params.id);
      });
      if (!deleted) throw new NotFound();
      auth.forgetRemembered();
      return { data: true as const };
    },

    resetUserPassword: async ({ params }) => {
      if (!(await findUser(db, params.id))) throw new NotFound();
      return { data: singleUseLink(await createLink(db, params.id, 'reset')) };
    },
  } satisfies Partial<Handlers>;
}
