import { z } from 'zod';
import { RUN_TRIGGERS } from '@/api/flows';
import {
  DEFAULT_RUNS_LIMIT,
  MAX_CHANGES_WAIT_SECONDS,
  MAX_RUNS_LIMIT,
  RUN_ORDERS,
  RUN_STATUSES,
  type RunKind,
  type RunOrder,
  type RunStatusFilter,
} from '@/api/runs';
import { InvalidInput } from './errors';
import { type QueryReader, readId } from './request-params';

// How GET /v2/runs and GET /v2/run-changes read their query, for the service and the mock alike. Both
// cursors are opaque to clients: a versioned position in base64url, so a client cannot build one and a
// changed encoding can be told from a bad one. Times travel in microseconds, Postgres' precision, so
// two runs a millisecond apart never share a position.

/** Newest first: by createdAt, then workflow runs before flow attempts, then id (oldest first: all reversed). */
export const KIND_RANK: Record<RunKind, number> = { flow: 0, workflow: 1 };

/** Where a page of runs ends: the last row's createdAt (µs since the epoch), kind and id. */
export interface RunsPosition {
  createdAtMicros: bigint;
  kind: RunKind;
  id: number;
}

export interface RunsQuery {
  status: RunStatusFilter | null;
  trigger: string | null;
  flow: number | null;
  workflow: number | null;
  from: Date | null;
  to: Date | null;
  limit: number;
  order: RunOrder;
  after: RunsPosition | null;
}

/** A cursor says which order it pages: one of the other order is refused, not read as a wrong page. */
const RUNS_PREFIX: Record<RunOrder, string> = { desc: 'r1.', asc: 'a1.' };
const CHANGES_PREFIX = 'c1.';

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(cursor: string, name: string): string {
  try {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(cursor)) throw new Error('not base64url');
    return atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new InvalidInput(`${name} is not a cursor this service gave.`);
  }
}

export function encodeRunsCursor(position: RunsPosition, order: RunOrder = 'desc'): string {
  return toBase64Url(`${RUNS_PREFIX[order]}${position.createdAtMicros.toString()}.${String(KIND_RANK[position.kind])}.${String(position.id)}`);
}

function decodeRunsCursor(cursor: string, order: RunOrder): RunsPosition {
  const text = fromBase64Url(cursor, 'cursor');
  const match = /^([ra])1\.(\d{1,17})\.([01])\.(\d{1,10})$/.exec(text);
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) throw new InvalidInput('cursor is not a cursor this service gave.');
  if (`${match[1]}1.` !== RUNS_PREFIX[order]) throw new InvalidInput('cursor was given for the other order.');
  const [, , micros, kind, id] = match;
  return { createdAtMicros: BigInt(micros), kind: kind === '1' ? 'workflow' : 'flow', id: readId(id, 'cursor') };
}

export function encodeChangesCursor(sinceMicros: bigint): string {
  return toBase64Url(`${CHANGES_PREFIX}${sinceMicros.toString()}`);
}

function decodeChangesCursor(cursor: string): bigint {
  const match = /^c1\.(\d{1,17})$/.exec(fromBase64Url(cursor, 'since'));
  if (!match?.[1]) throw new InvalidInput('since is not a cursor this service gave.');
  return BigInt(match[1]);
}

const isoDateTime = z.iso.datetime({ offset: true });

function optionalDate(query: QueryReader, name: string): Date | null {
  const raw = query(name);
  if (raw === undefined || raw === null || raw === '') return null;
  if (!isoDateTime.safeParse(raw).success) throw new InvalidInput(`${name} must be an ISO 8601 date-time, like 2026-11-24T06:00:00Z.`);
  return new Date(raw);
}

function optionalOneOf<T extends string>(query: QueryReader, name: string, known: readonly T[]): T | null {
  const raw = query(name);
  if (raw === undefined || raw === null || raw === '') return null;
  if (!(known as readonly string[]).includes(raw)) throw new InvalidInput(`${name} must be one of ${known.join(', ')}.`);
  return raw as T;
}

function optionalId(query: QueryReader, name: string): number | null {
  const raw = query(name);
  return raw === undefined || raw === null || raw === '' ? null : readId(raw, name);
}

function limitOf(query: QueryReader): number {
  const raw = query('limit');
  if (raw === undefined || raw === null || raw === '') return DEFAULT_RUNS_LIMIT;
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= MAX_RUNS_LIMIT)) throw new InvalidInput(`limit must be an integer from 1 to ${String(MAX_RUNS_LIMIT)}.`);
  return limit;
}

/** The filters, the page size and where the page starts (after `cursor`, or from the newest). */
export function readRunsQuery(query: QueryReader): RunsQuery {
  const from = optionalDate(query, 'from');
  const to = optionalDate(query, 'to');
  if (from && to && to.getTime() <= from.getTime()) throw new InvalidInput('to must be after from.');
  const cursor = query('cursor');
  const order = optionalOneOf(query, 'order', RUN_ORDERS) ?? 'desc';
  return {
    status: optionalOneOf(query, 'status', RUN_STATUSES),
    trigger: optionalOneOf(query, 'trigger', RUN_TRIGGERS),
    flow: optionalId(query, 'flow'),
    workflow: optionalId(query, 'workflow'),
    from,
    to,
    limit: limitOf(query),
    order,
    after: cursor === undefined || cursor === null || cursor === '' ? null : decodeRunsCursor(cursor, order),
  };
}

/**
 * `since`: the `next` of an earlier answer, or absent for the first read; `wait`: how many seconds to hold the
 * answer while nothing changed since `since` (0 by default; nothing to wait for without `since`).
 */
export function readChangesQuery(query: QueryReader): { since: bigint | null; waitSeconds: number } {
  const raw = query('since');
  const since = raw === undefined || raw === null || raw === '' ? null : decodeChangesCursor(raw);
  const rawWait = query('wait');
  if (rawWait === undefined || rawWait === null || rawWait === '') return { since, waitSeconds: 0 };
  const wait = /^\d{1,2}$/.test(rawWait) ? Number(rawWait) : NaN;
  if (!(wait >= 0 && wait <= MAX_CHANGES_WAIT_SECONDS)) throw new InvalidInput(`wait must be an integer from 0 to ${String(MAX_CHANGES_WAIT_SECONDS)}.`);
  return { since, waitSeconds: since === null ? 0 : wait };
}

/** What a run-changes answer says, as one string: two answers alike tell a waiting reader nothing new. */
export function changesSignature(changes: { changed: { flows: number[]; workflows: number[] }; active: { flows: number[]; workflows: number[] } }): string {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  return [changes.changed.flows, changes.changed.workflows, changes.active.flows, changes.active.workflows].map(sorted).join('|');
}

/** Whether a run with this position comes after (below) `after` in the list, in `order`. */
export function isAfter(run: RunsPosition, after: RunsPosition, order: RunOrder = 'desc'): boolean {
  return order === 'desc' ? isOlder(run, after) : isOlder(after, run);
}

function isOlder(run: RunsPosition, after: RunsPosition): boolean {
  if (run.createdAtMicros !== after.createdAtMicros) return run.createdAtMicros < after.createdAtMicros;
  if (run.kind !== after.kind) return KIND_RANK[run.kind] < KIND_RANK[after.kind];
  return run.id < after.id;
}

/** Which status a run has for the filter: waiting for a slot, running, or how it ended. */
export function runStatusOf(run: { lifecycle: string; disposition: string }): RunStatusFilter | null {
  if (run.lifecycle === 'pending') return 'pending';
  if (run.lifecycle === 'running') return 'running';
  return run.disposition === 'succeeded' || run.disposition === 'failed' ? run.disposition : null;
}
