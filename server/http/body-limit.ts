import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';

/**
 * Bodies above `maxBytes` answer 413 `Payload Too Large` before anything parses them (by Content-Length
 * when given, else while reading). Uploads stream to disk under their own limit and skip this one.
 */
export function limitBodies(maxBytes: number, exempt: (path: string) => boolean): MiddlewareHandler {
  // The rest of the body is never read, so the connection cannot carry another request: say so, or a
  // client that reuses it finds it closed under its next request.
  const limit = bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ message: 'Payload Too Large' }, 413, { Connection: 'close' }) });
  return (c, next) => (exempt(c.req.path) ? next() : limit(c, next));
}
