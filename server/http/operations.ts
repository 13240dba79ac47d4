import type { Context, Hono } from 'hono';
import { type Operation, type OperationName, OPERATIONS, routePattern } from '@/api/operations';
import type { AuthVariables } from './auth';

// The service answers the catalogue's operations (src/api/operations.ts): each route body is registered
// under its operation's method and path, so no path is written twice and none can be missing.

export type Handler = (c: Context<{ Variables: AuthVariables }>) => Response | Promise<Response>;

/** Route bodies by operation name; a resource's module gives those of its operations. */
export type Handlers = Record<OperationName, Handler>;

export function registerOperations(api: Hono<{ Variables: AuthVariables }>, handlers: Handlers, which: (operation: Operation) => boolean): void {
  for (const operation of OPERATIONS) {
    if (which(operation)) api.on(operation.method.toUpperCase(), routePattern(operation.path), handlers[operation.name]);
  }
}
