import { delay, http, type HttpHandler } from 'msw';
import { operationNamed, type OperationName, routePattern } from '@/api/operations';
import { answerOf } from '@/service-rules/errors';
import { type OperationInput, readOperationInput } from '@/service-rules/operation-input';
import type { Page } from '@/service-rules/request-params';
import { planIncludes } from '@/service-rules/plans';
import { PLAN_MESSAGES, planOf, requestToken } from './auth';
import type { MockDb } from './db';
import { applyFailure, type FailureRegistry } from './failures';
import { errorResponse } from './responses';

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

/** What a handler is handed: its operation's input read as the service reads it, and the request itself. */
export type RouteInput<N extends OperationName> = OperationInput<N> & { request: Request; url: URL };

/** The log is for test assertions; the cap keeps a long-polling demo session from growing it forever. */
const MAX_RECORDED_CALLS = 1_000;

type Resolve<N extends OperationName> = (input: RouteInput<N>) => Response | Promise<Response>;

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
}

function denied(operation: OperationName, request: Request, params: Record<string, string>): Response | null {
  const { access, feature } = operationNamed(operation);
  if (access === 'public') return null;
  if (access === 'card') return requestToken(request) === params.hash_id ? null : errorResponse(401);
  const plan = planOf(request);
  if (!plan) return errorResponse(401);
  if (feature && !planIncludes(plan, feature)) return errorResponse(403, PLAN_MESSAGES[feature]);
  return null;
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
    const refusal = denied(operation, request, named);
    if (refusal) return refusal;
    try {
      const parts = { param: (name: string) => named[name], query: (name: string) => url.searchParams.get(name), text: () => request.text() };
      return await resolve({ ...(await readOperationInput(operation, parts, false)), request, url });
    } catch (error) {
      // The same statuses and texts the service answers for each kind of problem.
      const answer = answerOf(error);
      if (answer) return errorResponse(answer.status, answer.message);
      console.error(`[mock] ${operation} crashed`, error);
      return errorResponse(500);
    }
  });
}

/** One page of a list. */
export function paginate<T>(items: T[], { limit, offset }: Page): T[] {
  return items.slice(offset, offset + limit);
}
