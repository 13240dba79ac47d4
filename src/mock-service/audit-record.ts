import { SECRET_CHANGED, type AuditEntry } from '@/api/audit';
import type { Operation } from '@/api/operations';
import type { MockDb } from './db';

// What the mock writes in its audit log for a change: the operation's name, the object it acted on (its
// type from the path, its name as it was) and, for an edit, the fields the body changed. Simple by
// design; the service's recorder (server/audit/) is the full one. A secret's value is never written.

const TYPE_OF_SEGMENT: Readonly<Record<string, string>> = {
  sources: 'source',
  destinations: 'destination',
  flows: 'flow',
  workflows: 'workflow',
  alerts: 'alert channel',
  settings: 'settings',
  users: 'user',
  keys: 'key',
  uploads: 'upload',
};

const SECRET_FIELD = /password|secret|token|key$/i;

export interface AuditTarget {
  type: string;
  id: string | null;
}

/** The object an operation acts on, from its path and parameters (a new one's id comes from the answer). */
export function targetOf(operation: Operation, params: Record<string, string>): AuditTarget | null {
  const segment = operation.path.split('/')[1] ?? '';
  const type = TYPE_OF_SEGMENT[segment];
  if (!type) return null;
  return { type, id: params.id ?? null };
}

/** The object's name now (null when it has none or is gone). */
export function nameOf(db: MockDb, target: AuditTarget): string | null {
  const id = Number(target.id);
  const { state } = db;
  switch (target.type) {
    case 'source':
      return db.source(id)?.displayName ?? null;
    case 'destination':
      return db.destination(id)?.displayName ?? null;
    case 'flow':
      return db.flow(id)?.displayName ?? null;
    case 'workflow':
      return db.workflow(id)?.name ?? null;
    case 'alert channel':
      return state.alertChannels.find((channel) => channel.id === id)?.name ?? null;
    case 'user':
      return state.team.users.find((user) => user.id === id)?.name ?? null;
    case 'key':
      return state.team.keys.find((key) => key.id === id)?.name ?? null;
    default:
      return null;
  }
}

/** The stored fields of the object, to read "before" from. */
export function recordOf(db: MockDb, target: AuditTarget): Record<string, unknown> | null {
  const id = Number(target.id);
  const found: unknown =
    target.type === 'source'
      ? db.source(id)
      : target.type === 'destination'
        ? db.destination(id)
        : target.type === 'flow'
          ? db.flow(id)
          : target.type === 'workflow'
            ? db.workflow(id)
            : target.type === 'user'
              ? db.state.team.users.find((user) => user.id === id)
              : undefined;
  return found ? (structuredClone(found) as Record<string, unknown>) : null;
}

/** The fields a change's body sets, before and after; a secret reads "changed". */
export function changesOf(before: Record<string, unknown> | null, body: unknown): AuditEntry['changes'] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const changes: NonNullable<AuditEntry['changes']> = {};
  for (const [field, after] of Object.entries(body as Record<string, unknown>)) {
    if (field === 'properties' && typeof after === 'object' && after !== null) {
      for (const name of Object.keys(after))
        changes[`properties.${name}`] = SECRET_FIELD.test(name) ? secret() : { before: null, after: (after as Record<string, unknown>)[name] };
      continue;
    }
    const was = before?.[field];
    if (JSON.stringify(was) === JSON.stringify(after)) continue;
    changes[field] = SECRET_FIELD.test(field) ? secret() : { before: was ?? null, after };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

const secret = () => ({ before: SECRET_CHANGED, after: SECRET_CHANGED });
