import type { z } from 'zod';
import { ApiError, errorBodySchema, kindFromStatus } from './errors';

/** Where to send requests and with which key. Set by the sign-in feature; read on every call. */
export interface ApiSession {
  /** Empty string means the dashboard's own origin. */
  baseUrl: string;
  token: string | null;
}

let session: ApiSession = { baseUrl: '', token: null };

export function configureApi(next: Partial<ApiSession>): void {
  session = { ...session, ...next };
}

export function getApiSession(): Readonly<ApiSession> {
  return session;
}

/** No call waits forever: past this the user is told the service did not answer. */
export const DEFAULT_TIMEOUT_MS = 30_000;

type Query = Record<string, string | number | undefined>;

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
}

export interface CallOptions {
  signal?: AbortSignal;
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

function headersFor(token: string | null, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (withBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/** A GET sent before anyone asked for its answer, and the timeout it runs under. */
interface SentAhead {
  response: Promise<Response>;
  timeout: AbortSignal;
}

/** Keyed by key and URL (its parameters in a fixed order): an answer is only ever read under the key that asked. */
const sentAhead = new Map<string, SentAhead>();
const aheadKey = (token: string | null, url: string) => {
  const at = url.indexOf('?');
  if (at < 0) return `${token ?? ''} ${url}`;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  return `${token ?? ''} ${url.slice(0, at)}?${params.toString()}`;
};

/**
 * Sends a GET now, before the code that reads its answer has arrived (a route's loader, while its page's code and
 * schemas are on their way): the next `request` of the same URL under the same key takes this answer instead of
 * asking again, and parses it as usual. An answer nobody takes within the timeout is dropped.
 */
export function sendAhead(path: string, query?: Query): void {
  const url = buildUrl(session.baseUrl, path, query);
  const key = aheadKey(session.token, url);
  if (sentAhead.has(key)) return;
  const timeout = AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
  const response = fetch(url, { headers: headersFor(session.token, false), signal: timeout });
  // Its taker sees the failure; until one comes, it is no unhandled rejection.
  response.catch(() => undefined);
  const entry = { response, timeout };
  sentAhead.set(key, entry);
  setTimeout(() => {
    if (sentAhead.get(key) === entry) sentAhead.delete(key);
  }, DEFAULT_TIMEOUT_MS);
}

function takeAhead(url: string, token: string | null): SentAhead | undefined {
  if (sentAhead.size === 0) return undefined;
  const key = aheadKey(token, url);
  const entry = sentAhead.get(key);
  sentAhead.delete(key);
  return entry;
}

/** The answer sent ahead, or the caller's cancellation, whichever comes first. */
function unlessAborted(response: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const abort = () => {
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', abort);
    });
  });
}

export async function request<S extends z.ZodType>(options: RequestOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', path, query, body, schema, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const token = options.token ?? session.token;
  const url = buildUrl(session.baseUrl, path, query);
  const ahead = method === 'GET' && body === undefined ? takeAhead(url, token) : undefined;

  const limitMs = ahead ? DEFAULT_TIMEOUT_MS : timeoutMs;
  const timeout = ahead?.timeout ?? AbortSignal.timeout(limitMs);

  let response: Response;
  try {
    response = ahead
      ? await unlessAborted(ahead.response, signal)
      : await fetch(url, {
          method,
          headers: headersFor(token, body !== undefined),
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
  } catch (cause) {
    if (signal?.aborted) throw cause; // the caller cancelled (React Query does on unmount): not an error to show
    if (timeout.aborted) {
      throw new ApiError('timeout', `The service did not answer within ${String(Math.round(limitMs / 1000))} s.`, { cause });
    }
    throw new ApiError('network', undefined, { cause });
  }

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
