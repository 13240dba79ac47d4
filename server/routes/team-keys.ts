import { TEAM_MESSAGES } from '@/api/messages';
import type { ApiKey } from '@/api/team';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import { isPlan } from '@/service-rules/plans';
import { keyRoleRefusal } from '@/service-rules/roles';
import type { Authenticator } from '../http/auth';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { deleteKey, insertKey, type KeyRow, listKeyRows, newApiKey } from '../store/api-keys';

// API keys (an admin's): made with a role no higher than the maker's, belonging to the person who made
// it (a service key when asked, or when made with a key), with an optional expiry. The key is answered
// once; only its hash is stored, and a list never shows it. A revoked key stops working here at once and
// in other instances within the key cache's bound (5 s, http/key-cache.ts).

function keyOnWire(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.label ?? `Key ${String(row.id)}`,
    role: row.role,
    owner: row.user_id === null ? null : { id: row.user_id, name: row.owner_name ?? '' },
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export function teamKeyHandlers(services: Services, auth: Authenticator) {
  const { db } = services;
  return {
    listKeys: async ({ query }) => ({ data: (await listKeyRows(db, query)).map(keyOnWire) }),

    createKey: async ({ body }, c) => {
      const maker = c.get('caller');
      const refusal = keyRoleRefusal(maker.role, body.role);
      if (refusal) throw new InvalidInput(refusal);
      const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
      if (expiresAt !== null && expiresAt.getTime() <= Date.now()) throw new InvalidInput(TEAM_MESSAGES.expiryInThePast);
      const owner = maker.type === 'user' && body.service !== true ? maker.userId : null;
      const key = newApiKey();
      const id = await insertKey(db, key, { plan: isPlan(maker.plan) ? maker.plan : 'team', label: body.name, role: body.role, userId: owner, expiresAt });
      if (id === null) throw new Error('A new random key was stored already.');
      return { data: { id, name: body.name, role: body.role, key, expiresAt: expiresAt?.toISOString() ?? null } };
    },

    revokeKey: async ({ params }) => {
      if (!(await deleteKey(db, params.id))) throw new NotFound();
      auth.forgetRemembered();
      return { data: true as const };
    },
  } satisfies Partial<Handlers>;
}
