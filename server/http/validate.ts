import type { Context } from 'hono';
import { Timeout } from '@/service-rules/errors';
import { parseJsonBody } from '@/service-rules/parse';
import { type Page, readId, readOrder, readPage } from '@/service-rules/request-params';

// A request's parts as the routes read them, by the rules the mock service reads them with too.

export type { Page };

export async function readJson(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    // The client went quiet or away mid-body (the server's idle timeout ended it).
    throw new Timeout();
  }
  return parseJsonBody(text);
}

/** A path id (`id`, `cardId`, `webhook_trigger_id`): a positive integer within Postgres' integer, else 400. */
export const idParam = (c: Context, name = 'id') => readId(c.req.param(name), name);

/** `limit` and `offset` on every list. */
export const pageParams = (c: Context): Page => readPage((name) => c.req.query(name));

/** The direction of a run-attempt list (`sort` or `order`). */
export const orderParam = (c: Context) => readOrder((name) => c.req.query(name));
