import { z } from 'zod';
import { auditParamsSchema, DEFAULT_AUDIT_LIMIT } from '@/api/audit';
import { InvalidInput } from './errors';
import type { QueryReader } from './request-params';

// How GET /v2/audit reads its query, for the service and the mock alike: the filters the dashboard's
// writer schema allows, a page size and an opaque cursor (the id of the last entry shown, versioned).

export interface AuditQuery {
  actor: { type: 'user' | 'key'; id: string } | null;
  action: string | null;
  resourceType: string | null;
  resourceId: string | null;
  from: Date | null;
  to: Date | null;
  limit: number;
  /** Entries older than this id (the cursor), or null for the newest. */
  beforeId: bigint | null;
}

const CURSOR = /^u1\.(\d{1,19})$/;

export const encodeAuditCursor = (id: bigint | string): string => `u1.${id.toString()}`;

const NAMES = ['actor', 'action', 'resourceType', 'resourceId', 'from', 'to', 'limit', 'cursor'] as const;

export function readAuditQuery(query: QueryReader): AuditQuery {
  const raw = Object.fromEntries(
    NAMES.flatMap((name) => {
      const value = query(name);
      return value === undefined || value === null || value === '' ? [] : [[name, name === 'limit' && /^\d{1,6}$/.test(value) ? Number(value) : value]];
    }),
  );
  const parsed = auditParamsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInput(`${String(issue?.path[0] ?? 'query')}: ${issue?.message ?? 'not valid'}.`);
  }
  const { actor, action, resourceType, resourceId, from, to, limit, cursor } = parsed.data;
  if (from && to && new Date(to).getTime() <= new Date(from).getTime()) throw new InvalidInput('to must be after from.');
  const [actorType, actorId] = actor?.split(':') ?? [];
  const position = cursor === undefined ? null : CURSOR.exec(cursor);
  if (cursor !== undefined && !position?.[1]) throw new InvalidInput('cursor is not a cursor this service gave.');
  return {
    actor: actorType && actorId ? { type: z.enum(['user', 'key']).parse(actorType), id: actorId } : null,
    action: action ?? null,
    resourceType: resourceType ?? null,
    resourceId: resourceId ?? null,
    from: from ? new Date(from) : null,
    to: to ? new Date(to) : null,
    limit: limit ?? DEFAULT_AUDIT_LIMIT,
    beforeId: position?.[1] ? BigInt(position[1]) : null,
  };
}
