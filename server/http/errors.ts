import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES, planForbids as planForbidsText } from '@/api/messages';
import { answerOf } from '@/service-rules/errors';
import { isDatabaseUnavailable } from '../db/availability';
import type { Logger } from '../logger';

// The one place the service turns what went wrong into an answer: the domain errors of the rules,
// runs, connectors and properties by their kind (src/service-rules/errors.ts), the few answers that
// only HTTP knows (a missing key, a plan, a replayed signature) as HttpError, anything else as 500.

/** An answer only the HTTP layer gives: the status and the `{ message }` the interface documents. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, MESSAGES.unauthorized);
export const planForbids = (feature: string) => new HttpError(403, planForbidsText(feature));
/** 403 with its message (`roleForbids`: a caller below an operation's role). */
export const forbidden = (message: string) => new HttpError(403, message);

/** A card's hash and a webhook's id are credentials: the log says which endpoint, not which credential. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/v2\/(?:cards|webhooks)\/)[^/]+/, '$1[redacted]');
}

export function onError(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
    const answer = answerOf(error);
    if (answer) {
      const retry = answer.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(answer.retryAfterSeconds) };
      return c.json({ message: answer.message }, answer.status, retry);
    }
    if (isDatabaseUnavailable(error)) return c.json({ message: MESSAGES.databaseUnavailable }, 503, { 'Retry-After': '5' });
    logger.error({ err: { message: error.message, stack: error.stack }, method: c.req.method, path: loggablePath(c.req.path) }, 'request failed');
    return c.json({ message: MESSAGES.internalError }, 500);
  };
}
