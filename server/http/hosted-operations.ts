import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '@/api/messages';
import { inHostedService, OPERATIONS } from '@/api/operations';

// The operations the hosted profile answers (FLOWDECK_PROFILE=hosted): the catalogue's operations that
// are not Flowdeck additions, plus the additions the hosted documentation shows too.

/** Regular-expression characters a path template may hold (braces are the parameters, replaced next). */
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Method and path pattern of every operation the hosted service has. */
const HOSTED = OPERATIONS.filter(inHostedService).map((operation) => ({
  method: operation.method.toUpperCase(),
  path: new RegExp(`^/v2${escape(operation.path).replace(/\{\w+\}/g, '[^/]+')}/?$`),
}));

export function isHostedOperation(method: string, path: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  return HOSTED.some((operation) => operation.method === asked && operation.path.test(path));
}

/** Answers 404 `Not Found` to anything the hosted service does not have, before the key is even read. */
export function hostedOperationsOnly() {
  return createMiddleware(async (c, next) => {
    if (!isHostedOperation(c.req.method, c.req.path)) return c.json({ message: MESSAGES.notFound }, 404);
    await next();
  });
}
