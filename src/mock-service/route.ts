import { delay, http, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { bearerToken, PLAN_MESSAGES, planOf } from './auth';
import type { MockDb } from './db';
import { applyFailure, type FailureRegistry } from './failures';
import type { OperationName } from './operations';
import { badRequest, errorResponse, MockHttpError } from './responses';

/** Who may call: any valid key, a key whose plan has workflows, or the card's own hash. */
export type Access = 'key' | 'workflows' | 'card';

export interface RecordedCall {
  operation: OperationName;
  method: string;
  url: string;
  authorization: string | null;
}

/** What every handler shares: the state, the injected failures and a log of calls for assertions. */
export interface MockContext {
  db: MockDb;
  failures: FailureRegistry;
  calls: RecordedCall[];
  /** Added to every answer, so loading states are visible in the demo. */
  latencyMs: number;
}

export interface RouteInput {
  request: Request;
  params: Record<string, string>;
  url: URL;
}

/** The log is for test assertions; the cap keeps a long-polling demo session from growing it forever. */
const MAX_RECORDED_CALLS = 1_000;

type Method = 'get' | 'post' | 'patch' | 'delete';
type Resolve = (input: RouteInput) => Response | Promise<Response>;

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
}

function denied(access: Access, request: Request, params: Record<string, string>): Response | null {
  if (access === 'card') return bearerToken(request) === params.hashId ? null : errorResponse(401);
  const plan = planOf(request);
  if (!plan) return errorResponse(401);
  if (access === 'workflows' && !plan.features.includes('workflows')) return errorResponse(403, PLAN_MESSAGES.workflows);
  return null;
}

/**
 * One operation of the interface. The leading `*` matches any origin, so the same handler serves
 * `http://localhost/v2/...` under jsdom and same-origin `/v2/...` in the browser.
 */
export function route(context: MockContext, operation: OperationName, method: Method, path: string, access: Access, resolve: Resolve): HttpHandler {
  return http[method](`*${path}`, async ({ request, params }) => {
    context.calls.push({ operation, method: request.method, url: request.url, authorization: request.headers.get('Authorization') });
    if (context.calls.length > MAX_RECORDED_CALLS) context.calls.shift();
    if (context.latencyMs > 0) await delay(context.latencyMs);
    const failure = context.failures.take(operation);
    if (failure) {
      const injected = await applyFailure(failure);
      if (injected) return injected;
    }
    const input = { request, params: stringParams(params), url: new URL(request.url) };
    const refusal = denied(access, request, input.params);
    if (refusal) return refusal;
    try {
      return await resolve(input);
    } catch (error) {
      if (error instanceof MockHttpError) return errorResponse(error.status, error.message);
      console.error(`[mock] ${operation} crashed`, error);
      return errorResponse(500);
    }
  });
}

/** A path id: a positive integer within Postgres' integer range, anything else 400 as the service answers. */
export function idParam(input: RouteInput, name = 'id'): number {
  const raw = input.params[name] ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw badRequest(`Bad Request: ${name} must be a positive integer.`);
  return id;
}

export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Bad Request: the body is not valid JSON.');
  }
}

/** Validates with a src/api writer schema; the first issue becomes the 400 message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`Bad Request: ${where}${issue?.message ?? 'invalid body'}`);
}

export function intQuery(url: URL, name: string, min: number, max: number, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`Bad Request: ${name} must be an integer from ${String(min)} to ${String(max)}.`);
  }
  return Number(raw);
}

/** `limit` and `offset` on Flowdeck's list endpoints; without them the whole list is answered. */
export function paginate<T>(items: T[], url: URL): T[] {
  const offset = intQuery(url, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = intQuery(url, 'limit', 1, 1000, items.length);
  return items.slice(offset, offset + limit);
}
