import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, notFound } from './errors';

/** Request bodies and queries are read with the dashboard's own writer schemas; a misfit is a 400 naming it. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; '));
}

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('the body must be JSON.');
  }
}

/** `{id}` is an integer; anything else addresses nothing. */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
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

export function orderParam(c: Context): 'ASC' | 'DESC' {
  const raw = (c.req.query('order') ?? 'DESC').toUpperCase();
  if (raw !== 'ASC' && raw !== 'DESC') throw badRequest('order must be ASC or DESC.');
  return raw;
}
