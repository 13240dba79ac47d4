import { z } from 'zod';
import { MESSAGES } from './messages';

/** What went wrong, in the terms a screen needs to pick its message. */
export type ApiErrorKind = 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'gone' | 'server' | 'timeout' | 'network' | 'invalid_response';

export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

const defaultMessages: Record<ApiErrorKind, string> = {
  bad_request: MESSAGES.badRequest,
  unauthorized: MESSAGES.unauthorized,
  forbidden: 'Your current plan does not support this feature.',
  not_found: MESSAGES.notFound,
  gone: 'This link has expired.',
  server: MESSAGES.internalError,
  timeout: MESSAGES.requestTimeout,
  network: 'The service could not be reached.',
  invalid_response: 'The service answered with data Flowdeck does not understand.',
};

/** The one error every operation throws: a kind to branch on and the message to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status when the service answered; undefined for network failures and client-side timeouts. */
  readonly status: number | undefined;
  /** For invalid_response: where the body did not match the contract. */
  readonly issues: readonly string[];

  constructor(kind: ApiErrorKind, message?: string, options: { status?: number; issues?: readonly string[]; cause?: unknown } = {}) {
    super(message && message.trim() !== '' ? message : defaultMessages[kind], { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.issues = options.issues ?? [];
  }
}

export function isApiError(error: unknown, kind?: ApiErrorKind): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/**
 * Maps an HTTP status and the server's message to a kind. The verify timeout's status is undocumented,
 * so 408, 504 and a body saying "Request Timeout" all count as a timeout.
 */
export function kindFromStatus(status: number, message: string | undefined): ApiErrorKind {
  if (status === 408 || status === 504 || message?.trim().toLowerCase() === 'request timeout') return 'timeout';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 405) return 'not_found';
  if (status === 410) return 'gone';
  if (status >= 500) return 'server';
  return 'bad_request';
}
