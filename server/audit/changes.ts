import { SECRET_CHANGED } from '@/api/audit';
import type { Snapshot } from './objects';

// What an entry says changed, each field's value before and after: a create's fields (null before), a
// delete's (null after), an update's that changed. A secret is only ever "changed" (or null: none set).

export type Changes = Record<string, { before: unknown; after: unknown }>;
export type ChangeKind = 'create' | 'update' | 'delete' | 'act';

/** JSON with its keys in order, so two equal values compare equal whatever order their fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const secretSide = (digest: string | null | undefined) => (digest ? SECRET_CHANGED : null);

/** A create's fields (after, nothing before) or a delete's (before, nothing after). */
function sideOf(snapshot: Snapshot, side: 'before' | 'after'): Changes {
  const change = (value: unknown) => (side === 'before' ? { before: value, after: null } : { before: null, after: value });
  const changes: Changes = {};
  for (const [field, value] of Object.entries(snapshot.fields)) if (value !== undefined && value !== null) changes[field] = change(value);
  for (const [field, digest] of Object.entries(snapshot.secrets)) if (digest) changes[field] = change(SECRET_CHANGED);
  return changes;
}

function differences(before: Snapshot, after: Snapshot): Changes {
  const changes: Changes = {};
  for (const field of new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])) {
    const [was, is] = [before.fields[field], after.fields[field]];
    if (canonical(was) !== canonical(is)) changes[field] = { before: was ?? null, after: is ?? null };
  }
  for (const field of new Set([...Object.keys(before.secrets), ...Object.keys(after.secrets)])) {
    const [was, is] = [before.secrets[field] ?? null, after.secrets[field] ?? null];
    if (was !== is) changes[field] = { before: secretSide(was), after: secretSide(is) };
  }
  return changes;
}

export function changesOf(kind: ChangeKind, before: Snapshot | null, after: Snapshot | null): Changes | null {
  if (kind === 'create') return after ? sideOf(after, 'after') : null;
  if (kind === 'delete') return before ? sideOf(before, 'before') : null;
  if (kind === 'update' && before && after) return differences(before, after);
  return null;
}
