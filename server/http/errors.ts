import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An answer other than success: the status and the `{ message }` the interface documents. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (detail?: string) => new HttpError(400, detail ? `Bad Request: ${detail}` : 'Bad Request');
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const planForbids = (feature: string) => new HttpError(403, `Your current plan does not support ${feature}.`);
export const notFound = () => new HttpError(404, 'Not Found');
export const gone = (message: string) => new HttpError(410, message);
export const requestTimeout = () => new HttpError(408, 'Request Timeout');
