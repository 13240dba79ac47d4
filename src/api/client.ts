import type { z } from 'zod';
import { getApiSession } from './api-session';
import { ApiError, errorBodySchema, kindFromStatus } from './errors';
import { noteServiceDate } from './service-clock';

/** No call waits forever: past this the user is told the service did not answer. */
const DEFAULT_TIMEOUT_MS = 30_000;

type Query = Record<string, string | number | undefined>;

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * A browser session's cookie goes with every request to this site's own service; a change made with it must
 * carry this header, which a cross-site form cannot send (the service's CSRF check). A request to another
 * service's base URL signs with its key and sends no header of ours (it would need that service's CORS leave).
 */
export const CSRF_HEADER = 'X-Flowdeck-Csrf';

/** The CSRF header, for a request to this site's own service (an empty base URL); none for another service. */
export const csrfHeaderFor = (baseUrl: string): Record<string, string> => (baseUrl === '' ? { [CSRF_HEADER]: '1' } : {});

function headersFor(token: string | null, withBody: boolean, baseUrl: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...csrfHeaderFor(baseUrl) };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (withBody) headers['Content-Type'] = 'application/json';
  return headers;
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  /** Parses the whole response body (envelope included) into the canonical shape. */
  schema: S;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Replaces the session's key for this call (the card recipient authenticates with the card's hash). */
  token?: string;
  /** A file sent as the body itself, under its own content type (a logo), instead of a JSON `body`. */
  file?: Blob;
  /** See CallOptions. */
  thisSite?: boolean | undefined;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Ask this site's own service with no key, whatever the session says (how the sign-in page learns its ways in). */
  thisSite?: boolean;
}

export async function request<S extends z.ZodType>(options: RequestOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', path, query, body, file, schema, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const session = options.thisSite ? { baseUrl: '', token: null } : getApiSession();
  const token = options.token ?? session.token;
  const url = buildUrl(session.baseUrl, path, query);
  const timeout = AbortSignal.timeout(timeoutMs);

  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(url, {
      method,
      headers: file
        ? { ...headersFor(token, false, session.baseUrl), 'Content-Type': file.type || 'application/octet-stream' }
        : headersFor(token, body !== undefined, session.baseUrl),
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause; // the caller cancelled (React Query does on unmount): not an error to show
    if (timeout.aborted) {
      throw new ApiError('timeout', `The service did not answer within ${String(Math.round(timeoutMs / 1000))} s.`, { cause });
    }
    throw new ApiError('network', undefined, { cause });
  }

  noteServiceDate(response.headers.get('Date'), sentAt, Date.now());
  const text = await response.text();
  let json: unknown = undefined;
  let jsonError: unknown = null;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch (cause) {
      jsonError = cause;
    }
  }

  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const message = parsed.success ? parsed.data.message : text.trim() || response.statusText;
    throw new ApiError(kindFromStatus(response.status, message), message, { status: response.status });
  }
  if (jsonError !== null) {
    throw new ApiError('invalid_response', undefined, { status: response.status, issues: ['body is not JSON'], cause: jsonError });
  }
  // The verify timeout's status code is undocumented: a `Request Timeout` body is a timeout even with a 2xx status.
  const timeoutBody = errorBodySchema.safeParse(json);
  if (timeoutBody.success && kindFromStatus(response.status, timeoutBody.data.message) === 'timeout') {
    throw new ApiError('timeout', timeoutBody.data.message, { status: response.status });
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    throw new ApiError('invalid_response', undefined, { status: response.status, issues, cause: parsed.error });
  }
  return parsed.data;
}

/**
 * Checks a request body against its strict writer schema before anything is sent, so a bad body
 * (a masked secret, a missing spec name) fails here with a message instead of reaching the service.
 * Operations that call it are `async`, so the throw reaches callers as a rejected promise like any other ApiError.
 */
export function writeBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  throw new ApiError('bad_request', `The request was not sent: ${issues.join('; ')}`, { issues, cause: parsed.error });
}
