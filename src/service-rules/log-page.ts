import { DEFAULT_LOG_PAGE_LIMIT, MAX_LOG_PAGE_LIMIT } from '@/api/attempt-logs';
import { InvalidInput } from './errors';
import type { QueryReader } from './request-params';

// How a page of an attempt's log is asked for, read by the service and the mock service alike. The
// cursor is opaque to clients: a versioned position (the service's line id, the mock's index) in
// base64url, so a client cannot build one and a changed encoding can be told from a bad one.

const CURSOR_PREFIX = 'l1.';
const MAX_POSITION = Number.MAX_SAFE_INTEGER;

export interface LogPageRequest {
  /** Lines after this position; 0 from the first. */
  after: number;
  limit: number;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeLogCursor(position: number): string {
  return toBase64Url(`${CURSOR_PREFIX}${String(position)}`);
}

function decodeLogCursor(cursor: string): number {
  let text: string;
  try {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) throw new Error('not base64url');
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new InvalidInput('after is not a cursor this service gave.');
  }
  const digits = text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : '';
  const position = /^\d{1,16}$/.test(digits) ? Number(digits) : NaN;
  if (!(position >= 0 && position <= MAX_POSITION)) throw new InvalidInput('after is not a cursor this service gave.');
  return position;
}

/** `after` (a cursor from an earlier page) and `limit` (1 to 5000, default 1000). */
export function readLogPage(query: QueryReader): LogPageRequest {
  const rawLimit = query('limit');
  let limit = DEFAULT_LOG_PAGE_LIMIT;
  if (rawLimit !== undefined && rawLimit !== null && rawLimit !== '') {
    limit = /^\d{1,5}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_LOG_PAGE_LIMIT)) throw new InvalidInput(`limit must be an integer from 1 to ${String(MAX_LOG_PAGE_LIMIT)}.`);
  }
  const rawAfter = query('after');
  const after = rawAfter === undefined || rawAfter === null || rawAfter === '' ? 0 : decodeLogCursor(rawAfter);
  return { after, limit };
}
