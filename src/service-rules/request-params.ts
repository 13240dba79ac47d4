import { z } from 'zod';
import { CARD_STATES, type CardState } from '@/api/cards';
import { MAX_PAGE_LIMIT } from '@/api/page-params';
import { MAX_STATUS_IDS } from '@/api/flows';
import { DEFAULT_TIMELINE_LIMIT, MAX_TIMELINE_LIMIT, MAX_TIMELINE_WINDOW_MS } from '@/api/timeline';
import { InvalidInput } from './errors';

// How the service reads path ids and list parameters; the mock service reads them the same way.

const MAX_ID = 2_147_483_647;

/** `{id}` is a positive integer that fits Postgres' integer; anything else is a 400 (as the hosted service answers). */
export function readId(raw: string | undefined, name = 'id'): number {
  const id = /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw new InvalidInput(`${name} must be a positive integer.`);
  return id;
}

/** Reads one query parameter; undefined or null when it is absent. */
export type QueryReader = (name: string) => string | null | undefined;

export interface Page {
  limit: number;
  offset: number;
}

export const DEFAULT_PAGE_LIMIT = 100;

function intQuery(query: QueryReader, name: string, min: number, max: number, fallback: number): number {
  const raw = query(name);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new InvalidInput(`${name} must be an integer from ${String(min)} to ${String(max)}.`);
  return value;
}

/** `limit` (1 to 1000, default 100) and `offset` (default 0), on every list. */
export function readPage(query: QueryReader): Page {
  return { limit: intQuery(query, 'limit', 1, MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT), offset: intQuery(query, 'offset', 0, MAX_ID, 0) };
}

/** A page of cards, of one `state` when it is given (open, submitted, expired or revoked). */
export function readCardListQuery(query: QueryReader): Page & { state: CardState | null } {
  const raw = query('state');
  const state = raw === undefined || raw === null || raw === '' ? null : CARD_STATES.find((known) => known === raw);
  if (state === undefined) throw new InvalidInput(`state must be one of ${CARD_STATES.join(', ')}.`);
  return { ...readPage(query), state };
}

/**
 * The direction of a run-attempt list: `sort` (the hosted documentation's name, `asc`/`desc`) or `order`
 * (the interface document's, `ASC`/`DESC`), in any case; DESC by default. Both given must agree.
 */
export function readOrder(query: QueryReader): 'ASC' | 'DESC' {
  const given = (['sort', 'order'] as const).flatMap((name): ('ASC' | 'DESC')[] => {
    const raw = query(name);
    if (raw === undefined || raw === null || raw === '') return [];
    const value = raw.toUpperCase();
    if (value !== 'ASC' && value !== 'DESC') throw new InvalidInput(`${name} must be asc or desc.`);
    return [value];
  });
  if (given.length === 2 && given[0] !== given[1]) throw new InvalidInput('sort and order disagree.');
  return given[0] ?? 'DESC';
}

export interface TimelineQuery extends Page {
  from: Date;
  to: Date;
}

const isoDateTime = z.iso.datetime({ offset: true });

function dateQuery(query: QueryReader, name: string): Date {
  const raw = query(name);
  if (raw === undefined || raw === null || raw === '') throw new InvalidInput(`${name} is required: an ISO 8601 date-time.`);
  if (!isoDateTime.safeParse(raw).success) throw new InvalidInput(`${name} must be an ISO 8601 date-time, like 2026-11-24T06:00:00Z.`);
  return new Date(raw);
}

/** The timeline's window (`from` before `to`, at most 31 days) and its page (`limit` 1 to 5000, default 1000). */
export function readTimelineQuery(query: QueryReader): TimelineQuery {
  const from = dateQuery(query, 'from');
  const to = dateQuery(query, 'to');
  if (to.getTime() <= from.getTime()) throw new InvalidInput('to must be after from.');
  if (to.getTime() - from.getTime() > MAX_TIMELINE_WINDOW_MS) throw new InvalidInput('The window from from to to may be at most 31 days.');
  return { from, to, limit: intQuery(query, 'limit', 1, MAX_TIMELINE_LIMIT, DEFAULT_TIMELINE_LIMIT), offset: intQuery(query, 'offset', 0, MAX_ID, 0) };
}

/** `ids`: 1 to 100 flow ids, comma-separated (a batch of statuses); each named once, in the order given. */
export function readIds(query: QueryReader): number[] {
  const raw = query('ids') ?? '';
  const parts = raw.split(',');
  if (raw === '' || parts.length > MAX_STATUS_IDS) throw new InvalidInput(`ids must name 1 to ${String(MAX_STATUS_IDS)} flows, comma-separated.`);
  return [...new Set(parts.map((part) => readId(part, 'Each of ids')))];
}
