import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AnswerOf } from '@/api/operation-types';
import { type Operation, type OperationName, OPERATIONS, routePattern } from '@/api/operations';
import { Timeout } from '@/service-rules/errors';
import { type OperationInput, readOperationInput, type RequestParts } from '@/service-rules/operation-input';
import { audited } from '../audit/record';
import type { Services } from '../services';
import { bearerToken } from '@/api/bearer';
import { planIncludes } from '@/service-rules/plans';
import type { AuthVariables } from './auth';
import { refusalBeforeBody, refusalOfBody } from '@/service-rules/roles';
import { forbidden, planForbids, unauthorized } from './errors';

// The service answers the operations of the table (src/api/operations.ts), each under its method and
// path. Before a handler runs, what the table says is checked: who may call (a card's own hash as its
// bearer; API keys are checked for the whole interface in app.ts), the plan feature, then the input
// (path parameters, query, body: src/service-rules/operation-input.ts). The handler is handed that
// input, typed from the table, and returns the answer the table describes, sent with the table's status.

type Env = { Variables: AuthVariables };

/** An answer the table does not describe (Slack's challenge, a 413 that names the limit): sent as it is. */
export class RawAnswer {
  constructor(readonly response: Response) {}
}

export type Handler<N extends OperationName> = (input: OperationInput<N>, c: Context<Env>) => AnswerOf<N> | RawAnswer | Promise<AnswerOf<N> | RawAnswer>;

/** Every operation's handler, by operation name; a resource's module gives those of its operations. */
export type Handlers = { [N in OperationName]: Handler<N> };

/**
 * Who may call, beyond the sign-in app.ts asks of the whole interface: a card recipient's operation
 * takes the card's own hash, the one in the path, as its bearer; a caller below the operation's role,
 * or whose plan lacks its feature, is refused before anything else is read.
 */
function checkAccess(operation: Operation, c: Context<Env>): void {
  if (operation.access === 'card' && bearerToken(c.req.header('authorization')) !== c.req.param('hash_id')) throw unauthorized();
  if (operation.access !== 'key') return;
  const { role, plan } = c.get('caller');
  const refusal = refusalBeforeBody(operation, role);
  if (refusal) throw forbidden(refusal);
  if (operation.feature && !planIncludes(plan, operation.feature)) throw planForbids(operation.feature);
}

/** A change some roles may make only in part (pause or resume a flow): decided once the body is read. */
function checkBody(operation: Operation, c: Context<Env>, body: unknown): void {
  if (operation.access !== 'key') return;
  const refusal = refusalOfBody(operation, c.get('caller').role, body);
  if (refusal) throw forbidden(refusal);
}

function partsOf(c: Context<Env>): RequestParts {
  return {
    param: (name) => c.req.param(name),
    query: (name) => c.req.query(name),
    text: async () => {
      try {
        return await c.req.text();
      } catch {
        // The client went quiet or away mid-body (the server's idle timeout ended it).
        throw new Timeout();
      }
    },
  };
}

/**
 * Registers the operations `which` picks. A change (a rule of server/audit/rules.ts) runs its handler in one
 * transaction that also writes its audit entry (server/audit/record.ts): both are kept, or neither.
 */
export function registerOperations(api: Hono<Env>, handlers: Handlers, which: (operation: Operation) => boolean, services: Services): void {
  const profile = services.profile;
  for (const operation of OPERATIONS as readonly Operation[]) {
    if (!which(operation)) continue;
    const name = operation.name as OperationName;
    const handler = audited(operation, handlers[name] as Handler<OperationName>, services, handlers);
    const status = (operation.status ?? 200) as ContentfulStatusCode;
    api.on(operation.method.toUpperCase(), routePattern(operation.path), async (c) => {
      checkAccess(operation, c);
      const input = await readOperationInput(name, partsOf(c), profile === 'hosted');
      checkBody(operation, c, 'body' in input ? input.body : undefined);
      const answer = await handler(input, c);
      return answer instanceof RawAnswer ? answer.response : c.json(answer, status);
    });
  }
}
