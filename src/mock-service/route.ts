import { delay, http, type HttpHandler } from 'msw';
import { operationNamed, type OperationName, routePattern } from '@/api/operations';
import { answerOf } from '@/service-rules/errors';
import { type OperationInput, readOperationInput } from '@/service-rules/operation-input';
import type { Page } from '@/service-rules/request-params';
import { planIncludes } from '@/service-rules/plans';
import { refusalBeforeBody, refusalOfBody } from '@/service-rules/roles';
import { nameOf, recordOf, targetOf, changesOf } from './audit-record';
import { PLAN_MESSAGES, requestToken } from './auth';
import type { MockDb } from './db';
import { applyFailure, type FailureRegistry } from './failures';
import { CSRF_HEADER } from '@/api/client';
import { errorResponse } from './responses';
import { actorOf, callerOf, type MockCaller, recordAudit } from './team';

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

/** What a handler is handed: its operation's input read as the service reads it, the request itself and who made it. */
export type RouteInput<N extends OperationName> = OperationInput<N> & { request: Request; url: URL; caller: MockCaller | null };

/** The log is for test assertions; the cap keeps a long-polling demo session from growing it forever. */
const MAX_RECORDED_CALLS = 1_000;

type Resolve<N extends OperationName> = (input: RouteInput<N>) => Response | Promise<Response>;

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
}

/** The service's browser contract: a change made with the session cookie carries CSRF_HEADER (cross-site forms cannot). */
export const CROSS_SITE_REFUSAL = 'Forbidden: cross-site request';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who may call, as the service checks it: the card's hash, a key or the session, its role, its plan, the CSRF header. */
function denied(operation: OperationName, request: Request, params: Record<string, string>, caller: MockCaller | null): Response | null {
  const entry = operationNamed(operation);
  if (entry.access === 'public') return null;
  if (entry.access === 'card') return requestToken(request) === params.hash_id ? null : errorResponse(401);
  if (!caller) return errorResponse(401);
  if (requestToken(request) === null && !READS.has(request.method) && request.headers.get(CSRF_HEADER) !== '1') return errorResponse(403, CROSS_SITE_REFUSAL);
  const refusal = refusalBeforeBody(entry, caller.role);
  if (refusal) return errorResponse(403, refusal);
  if (entry.feature && !planIncludes(caller.plan, entry.feature)) return errorResponse(403, PLAN_MESSAGES[entry.feature]);
  return null;
}

/** A change made by a caller, written to the mock's audit log once it succeeded (reads and sign-in's own are not). */
function auditChange(context: MockContext, operation: OperationName, params: Record<string, string>, caller: MockCaller | null) {
  const entry = operationNamed(operation);
  if (entry.method === 'get' || entry.access !== 'key' || !caller || operation === 'signOut' || operation === 'signOutEverywhere') return null;
  const target = targetOf(entry, params);
  const before = target ? recordOf(context.db, target) : null;
  const beforeName = target ? nameOf(context.db, target) : null;
  return async (response: Response, body: unknown) => {
    if (!response.ok) return;
    const id = target?.id ?? (await createdId(response));
    const resource = target ? { type: target.type, id, name: (id === null ? null : nameOf(context.db, { type: target.type, id })) ?? beforeName } : null;
    const changes = entry.method === 'patch' ? changesOf(before, body) : null;
    recordAudit(context.db.state.team, context.db.now(), { actor: actorOf(caller), action: operation, resource, changes });
  };
}

async function createdId(response: Response): Promise<string | null> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const id = (body as { data?: { id?: unknown } } | null)?.data?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

/**
 * One operation of the catalogue (src/api/operations.ts), answered where the catalogue says, to whom it
 * says, with its input read by the service's rules (src/service-rules/operation-input.ts). The leading
 * `*` matches any origin, so the same handler serves `http://localhost/v2/...` under jsdom and
 * same-origin `/v2/...` in the browser.
 */
export function route<N extends OperationName>(context: MockContext, operation: N, resolve: Resolve<N>): HttpHandler {
  const { method, path } = operationNamed(operation);
  return http[method](`*/v2${routePattern(path)}`, async ({ request, params }) => {
    context.calls.push({ operation, method: request.method, url: request.url, authorization: request.headers.get('Authorization') });
    if (context.calls.length > MAX_RECORDED_CALLS) context.calls.shift();
    if (context.latencyMs > 0) await delay(context.latencyMs);
    const failure = context.failures.take(operation);
    if (failure) {
      const injected = await applyFailure(failure);
      if (injected) return injected;
    }
    const url = new URL(request.url);
    const named = stringParams(params);
    const caller = callerOf(context.db.state.team, requestToken(request), context.db.now());
    const refusal = denied(operation, request, named, caller);
    if (refusal) return refusal;
    try {
      const parts = { param: (name: string) => named[name], query: (name: string) => url.searchParams.get(name), text: () => request.text() };
      const input = await readOperationInput(operation, parts, false);
      const bodyRefusal = caller && refusalOfBody(operationNamed(operation), caller.role, input.body);
      if (bodyRefusal) return errorResponse(403, bodyRefusal);
      const audit = auditChange(context, operation, named, caller);
      const response = await resolve({ ...input, request, url, caller });
      await audit?.(response, input.body);
      return response;
    } catch (error) {
      // The same statuses and texts the service answers for each kind of problem.
      const answer = answerOf(error);
      if (answer) {
        const retry = answer.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(answer.retryAfterSeconds) };
        return errorResponse(answer.status, answer.message, retry);
      }
      console.error(`[mock] ${operation} crashed`, error);
      return errorResponse(500);
    }
  });
}

/** One page of a list. */
export function paginate<T>(items: T[], { limit, offset }: Page): T[] {
  return items.slice(offset, offset + limit);
}
