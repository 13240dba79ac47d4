import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, HttpError } from './errors';
import { checkInputBounds } from './input-bounds';

/** Request bodies and queries are read with the dashboard's own writer schemas; a misfit is a 400 naming it. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; '));
}

export async function readJson(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    // The client went quiet or away mid-body (the server's idle timeout ended it).
    throw new HttpError(408, 'Request Timeout');
  }
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw badRequest('the body must be JSON.');
  }
  checkInputBounds(body);
  return body;
}

const MAX_ID = 2_147_483_647;

/** `{id}` is a positive integer that fits Postgres' integer; anything else is a 400 (as the hosted service answers). */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw badRequest(`${name} must be a positive integer.`);
  return id;
}

export interface Page {
  limit: number;
  offset: number;
}

function intQuery(c: Context, name: string, min: number, max: number, fallback: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw badRequest(`${name} must be an integer from ${String(min)} to ${String(max)}.`);
  return value;
}

export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;

/** `limit` (1 to 1000, default 100) and `offset` (default 0), on every list. */
export function pageParams(c: Context): Page {
  return { limit: intQuery(c, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT), offset: intQuery(c, 'offset', 0, 2_147_483_647, 0) };
}

/**
 * The direction of a run-attempt list: `sort` (the hosted documentation's name, `asc`/`desc`) or `order`
 * (the interface document's, `ASC`/`DESC`), in any case; DESC by default. Both given must agree.
 */
export function orderParam(c: Context): 'ASC' | 'DESC' {
  const given = (['sort', 'order'] as const).flatMap((name): ('ASC' | 'DESC')[] => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return [];
    const value = raw.toUpperCase();
    if (value !== 'ASC' && value !== 'DESC') throw badRequest(`${name} must be asc or desc.`);
    return [value];
  });
  if (given.length === 2 && given[0] !== given[1]) throw badRequest('sort and order disagree.');
  return given[0] ?? 'DESC';
}
