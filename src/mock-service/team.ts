import type { AuditEntry } from '@/api/audit';
import type { UserRole } from '@/api/roles';
import type { Caller } from '@/api/team';
import type { Plan } from '@/service-rules/plans';
import { DEMO_API_KEY, MOCK_PASSWORD, planOfKey, ROLE_API_KEYS, STARTER_API_KEY } from './auth';
import { leastRolesOfTable } from '@/service-rules/least-roles';

// People, keys, the browser's session and the audit log, as the mock keeps them. The mock runs in one
// browser (or one test), so it keeps one session: what the service's cookie would name. Times are epoch
// milliseconds, like the rest of the mock's records.

export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  createdAt: number;
  lastSeenAt: number | null;
  /** null until the invitation is used. */
  password: string | null;
}

export interface KeyRecord {
  id: number;
  name: string;
  role: UserRole;
  /** The key itself: the mock keeps it plain (the service stores only its hash). */
  secret: string;
  ownerId: number | null;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface LinkRecord {
  token: string;
  purpose: 'invitation' | 'reset' | 'sign-in';
  userId: number;
  expiresAt: number;
  usedAt: number | null;
}

/** Who a request acts as: a person signed in in this browser, or a key. */
export interface MockCaller extends Caller {
  plan: Plan;
  /** The person, for a session or a person's key. */
  userId: number | null;
}

export interface TeamState {
  users: UserRecord[];
  keys: KeyRecord[];
  links: LinkRecord[];
  /** The browser's session: the person (or the key) signed in, or null. */
  session: { type: 'user' | 'key'; id: number } | null;
  audit: AuditEntry[];
  nextAuditId: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function seedTeam(now: number): TeamState {
  const person = (id: number, name: string, email: string, role: UserRole, lastSeen: number | null): UserRecord => ({
    id,
    name,
    email,
    role,
    createdAt: now - 30 * DAY,
    lastSeenAt: lastSeen === null ? null : now - lastSeen,
    password: MOCK_PASSWORD,
  });
  const key = (id: number, name: string, role: UserRole, secret: string, ownerId: number | null, lastUsed: number | null): KeyRecord => ({
    id,
    name,
    role,
    secret,
    ownerId,
    createdAt: now - 20 * DAY,
    expiresAt: null,
    lastUsedAt: lastUsed === null ? null : now - lastUsed,
    revokedAt: null,
  });
  const team: TeamState = {
    users: [
      person(1, 'Admin', 'admin@localhost', 'admin', 5 * 60_000),
      person(2, 'Ana Lima', 'ana@example.com', 'editor', 2 * HOUR),
      person(3, 'Omar Haddad', 'omar@example.com', 'operator', DAY),
      person(4, 'Vera Chen', 'vera@example.com', 'viewer', 3 * DAY),
    ],
    keys: [
      key(1, 'Demo key', 'admin', DEMO_API_KEY, null, 60_000),
      key(2, 'Starter plan key', 'admin', STARTER_API_KEY, null, null),
      key(3, 'Ana’s laptop', 'editor', ROLE_API_KEYS.editor, 2, 2 * HOUR),
      key(4, 'On-call', 'operator', ROLE_API_KEYS.operator, 3, DAY),
      key(5, 'Read-only dashboard', 'viewer', ROLE_API_KEYS.viewer, 4, null),
    ],
    links: [],
    session: null,
    audit: [],
    nextAuditId: 1,
  };
  const ana = { type: 'user' as const, id: '2', name: 'Ana Lima' };
  seedEntry(team, now - 26 * HOUR, ana, 'updateFlow', { type: 'flow', id: '1', name: 'Orders to warehouse' }, { frequency: { before: '6h', after: '1h' } });
  seedEntry(
    team,
    now - 25 * HOUR,
    ana,
    'updateSource',
    { type: 'source', id: '1', name: 'Production orders DB' },
    { 'properties.password': { before: 'changed', after: 'changed' } },
  );
  seedEntry(team, now - 3 * HOUR, { type: 'user', id: '3', name: 'Omar Haddad' }, 'runFlow', { type: 'flow', id: '1', name: 'Orders to warehouse' }, null);
  return team;
}

function seedEntry(team: TeamState, at: number, actor: AuditEntry['actor'], action: string, resource: AuditEntry['resource'], changes: AuditEntry['changes']) {
  team.audit.push({ id: String(team.nextAuditId++), at: new Date(at).toISOString(), actor, address: '192.0.2.10', action, resource, changes });
}

/** Who a request acts as: its bearer key, else this browser's session; null when neither holds. */
export function callerOf(team: TeamState, token: string | null, now: number): MockCaller | null {
  if (token !== null) {
    const key = team.keys.find((candidate) => candidate.secret === token && isKeyLive(candidate, now));
    if (!key) return null;
    key.lastUsedAt = now;
    return { type: 'key', id: key.id, name: key.name, role: key.role, plan: planOfKey(key.secret), userId: key.ownerId };
  }
  const { session } = team;
  if (!session) return null;
  if (session.type === 'key') {
    const key = team.keys.find((candidate) => candidate.id === session.id && isKeyLive(candidate, now));
    return key ? { type: 'key', id: key.id, name: key.name, role: key.role, plan: planOfKey(key.secret), userId: key.ownerId } : null;
  }
  const user = team.users.find((candidate) => candidate.id === session.id);
  if (!user) return null;
  user.lastSeenAt = now;
  return { type: 'user', id: user.id, name: user.name, role: user.role, plan: 'team', userId: user.id };
}

export const isKeyLive = (key: KeyRecord, now: number): boolean => key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now);

/** The public part of a caller, as GET /v2/me answers it. */
const LEAST_ROLES = leastRolesOfTable();

/** Who is calling, with every operation's least role, as the service tells a dashboard. */
export const callerOnWire = ({ type, id, name, role }: MockCaller | Caller): Caller => ({ type, id, name, role, leastRoles: LEAST_ROLES });

export function recordAudit(
  team: TeamState,
  now: number,
  entry: { actor: AuditEntry['actor']; address?: string | null; action: string; resource: AuditEntry['resource']; changes: AuditEntry['changes'] },
): void {
  team.audit.push({ id: String(team.nextAuditId++), at: new Date(now).toISOString(), address: entry.address ?? '127.0.0.1', ...entry });
}

export const actorOf = (caller: MockCaller): AuditEntry['actor'] => ({ type: caller.type, id: String(caller.id), name: caller.name });
