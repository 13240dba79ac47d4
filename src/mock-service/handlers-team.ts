import type { HttpHandler } from 'msw';
import { roleAtLeast } from '@/api/roles';
import type { LinkInfo, User } from '@/api/team';
import { MIN_PASSWORD_LENGTH } from '@/api/team';
import { Conflict, Gone, InvalidInput, NotFound } from '@/service-rules/errors';
import type { MockDb } from './db';
import { dataResponse, errorResponse } from './responses';
import { type MockContext, paginate, route } from './route';
import { iso, isoOrNull } from '@/service-rules/wire';
import {
  actorOf,
  callerOf,
  callerOnWire,
  isKeyLive,
  type KeyRecord,
  type LinkRecord,
  type MockCaller,
  recordAudit,
  type TeamState,
  type UserRecord,
} from './team';

// People, keys, who is calling and how a browser signs in, as the service answers them. The mock keeps one
// session (the browser it runs in); single-use links carry their token in the fragment, as the service's do.

const HOUR = 3_600_000;
const LINK_LIFETIME_MS = { invitation: 7 * 24 * HOUR, reset: 24 * HOUR, 'sign-in': 24 * HOUR } as const;
export const WRONG_PASSWORD = 'That email and password do not match.';
export const WRONG_KEY = 'That API key was not accepted.';

const userOnWire = (team: TeamState, user: UserRecord): User => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  createdAt: iso(user.createdAt),
  lastSeenAt: isoOrNull(user.lastSeenAt),
  state:
    user.password === null && team.links.some((link) => link.userId === user.id && link.purpose === 'invitation' && link.usedAt === null)
      ? 'invited'
      : 'active',
  signIn: ['password'],
});

const keyOnWire = (team: TeamState, key: KeyRecord) => {
  const owner = key.ownerId === null ? undefined : team.users.find((user) => user.id === key.ownerId);
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    owner: owner ? { id: owner.id, name: owner.name } : null,
    createdAt: iso(key.createdAt),
    expiresAt: isoOrNull(key.expiresAt),
    lastUsedAt: isoOrNull(key.lastUsedAt),
  };
};

function randomToken(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function newLink(db: MockDb, purpose: LinkRecord['purpose'], userId: number, origin: string) {
  const link: LinkRecord = { token: randomToken(24), purpose, userId, expiresAt: db.now() + LINK_LIFETIME_MS[purpose], usedAt: null };
  db.state.team.links.push(link);
  return { url: `${db.state.settings.publicUrl ?? origin}/welcome#token=${link.token}`, expiresAt: iso(link.expiresAt) };
}

function userById(team: TeamState, id: number): UserRecord {
  const user = team.users.find((candidate) => candidate.id === id);
  if (!user) throw new NotFound();
  return user;
}

/** The last admin keeps the role: someone must be able to manage people. */
function keepAnAdmin(team: TeamState, user: UserRecord) {
  if (user.role === 'admin' && team.users.filter((other) => other.role === 'admin').length === 1) throw new Conflict('The last admin keeps the admin role.');
}

function liveLink(db: MockDb, token: string): LinkRecord {
  const link = db.state.team.links.find((candidate) => candidate.token === token);
  if (!link) throw new NotFound();
  if (link.usedAt !== null) throw new Gone('This link was already used. Ask an admin for a new one.');
  if (link.expiresAt <= db.now()) throw new Gone('This link has expired. Ask an admin for a new one.');
  return link;
}

const nextId = (items: { id: number }[]) => Math.max(0, ...items.map((item) => item.id)) + 1;

export function teamHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const team = () => db.state.team;
  const signedIn = (caller: MockCaller) => {
    recordAudit(team(), db.now(), { actor: actorOf(caller), action: 'signIn', resource: null, changes: null });
    return dataResponse(callerOnWire(caller));
  };
  const failed = (name: string, message: string) => {
    recordAudit(team(), db.now(), { actor: { type: 'anonymous', id: null, name }, action: 'signInFailed', resource: null, changes: null });
    return errorResponse(401, message);
  };

  return [
    route(context, 'getMe', ({ caller }) => (caller ? dataResponse(callerOnWire(caller)) : errorResponse(401))),

    route(context, 'listUsers', ({ query }) => dataResponse(paginate(team().users, query).map((user) => userOnWire(team(), user)))),

    route(context, 'createUser', ({ body, url }) => {
      if (team().users.some((user) => user.email === body.email)) throw new Conflict(`Someone with the email ${body.email} is already here.`);
      const user: UserRecord = { id: nextId(team().users), ...body, createdAt: db.now(), lastSeenAt: null, password: null };
      team().users.push(user);
      const invitation = newLink(db, 'invitation', user.id, url.origin);
      return dataResponse({ ...userOnWire(team(), user), invitation }, 201);
    }),

    route(context, 'updateUser', ({ params, body }) => {
      const user = userById(team(), params.id);
      if (body.role !== undefined && body.role !== 'admin') keepAnAdmin(team(), user);
      Object.assign(user, body);
      return dataResponse(userOnWire(team(), user));
    }),

    route(context, 'deleteUser', ({ params }) => {
      const user = userById(team(), params.id);
      keepAnAdmin(team(), user);
      team().users = team().users.filter((other) => other !== user);
      for (const key of team().keys) if (key.ownerId === user.id && key.revokedAt === null) key.revokedAt = db.now();
      if (team().session?.type === 'user' && team().session?.id === user.id) team().session = null;
      return dataResponse(true);
    }),

    route(context, 'resetUserPassword', ({ params, url }) => dataResponse(newLink(db, 'reset', userById(team(), params.id).id, url.origin), 201)),

    route(context, 'listKeys', ({ query }) =>
      dataResponse(
        paginate(
          team().keys.filter((key) => key.revokedAt === null),
          query,
        ).map((key) => keyOnWire(team(), key)),
      ),
    ),

    route(context, 'createKey', ({ body, caller }) => {
      if (!caller) return errorResponse(401);
      if (!roleAtLeast(caller.role, body.role)) throw new InvalidInput(`role: a key's role is no higher than yours (${caller.role}).`);
      const expiresAt = body.expiresAt === undefined ? null : Date.parse(body.expiresAt);
      if (expiresAt !== null && expiresAt <= db.now()) throw new InvalidInput('expiresAt: choose a time in the future.');
      const service = caller.type === 'key' || body.service === true;
      const key: KeyRecord = {
        id: nextId(team().keys),
        name: body.name,
        role: body.role,
        secret: `fd_${randomToken(20)}`,
        ownerId: service ? null : caller.userId,
        createdAt: db.now(),
        expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      };
      team().keys.push(key);
      return dataResponse({ id: key.id, name: key.name, role: key.role, key: key.secret, expiresAt: isoOrNull(key.expiresAt) }, 201);
    }),

    route(context, 'revokeKey', ({ params }) => {
      const key = team().keys.find((candidate) => candidate.id === params.id && candidate.revokedAt === null);
      if (!key) throw new NotFound();
      key.revokedAt = db.now();
      return dataResponse(true);
    }),

    route(context, 'getSignInMethods', () => dataResponse({ password: true, sso: false })),

    route(context, 'signIn', ({ body }) => {
      if ('key' in body) {
        const key = team().keys.find((candidate) => candidate.secret === body.key && isKeyLive(candidate, db.now()));
        if (!key) return failed('API key', WRONG_KEY);
        team().session = { type: 'key', id: key.id };
      } else {
        const user = team().users.find((candidate) => candidate.email === body.email && candidate.password !== null && candidate.password === body.password);
        if (!user) return failed(body.email, WRONG_PASSWORD);
        team().session = { type: 'user', id: user.id };
      }
      const caller = callerOf(team(), null, db.now());
      return caller ? signedIn(caller) : errorResponse(401);
    }),

    route(context, 'signOut', () => {
      team().session = null;
      return dataResponse(true);
    }),

    route(context, 'signOutEverywhere', ({ caller }) => {
      if (caller?.type !== 'user') throw new InvalidInput('a key has no sessions to end.');
      team().session = null;
      return dataResponse(true);
    }),

    route(context, 'inspectLink', ({ body }) => {
      const link = liveLink(db, body.token);
      const user = userById(team(), link.userId);
      const info: LinkInfo = { purpose: link.purpose, email: user.email, name: user.name, expiresAt: iso(link.expiresAt) };
      return dataResponse(info);
    }),

    route(context, 'useLink', ({ body }) => {
      const link = liveLink(db, body.token);
      const user = userById(team(), link.userId);
      if (link.purpose !== 'sign-in') {
        if (body.password === undefined) throw new InvalidInput(`password: use at least ${String(MIN_PASSWORD_LENGTH)} characters.`);
        user.password = body.password;
      }
      link.usedAt = db.now();
      team().session = { type: 'user', id: user.id };
      const caller = callerOf(team(), null, db.now());
      return caller ? signedIn(caller) : errorResponse(401);
    }),
  ];
}
