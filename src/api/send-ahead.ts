// The request plumbing that needs no schemas (URLs, headers), and sending a GET before the code that reads its
// answer has come: the entry sends a first screen's requests from here as soon as it has painted
// (src/first-requests.ts), so nothing here may bring zod.
import { getApiSession } from './api-session';

/** No call waits forever: past this the user is told the service did not answer. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type Query = Record<string, string | number | undefined>;

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

export function headersFor(token: string | null, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (withBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/** A GET sent before anyone asked for its answer, and the timeout it runs under. */
export interface SentAhead {
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
  const session = getApiSession();
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

/** The answer sent ahead for this URL under this key, once: a second request asks the service again. */
export function takeAhead(url: string, token: string | null): SentAhead | undefined {
  if (sentAhead.size === 0) return undefined;
  const key = aheadKey(token, url);
  const entry = sentAhead.get(key);
  sentAhead.delete(key);
  return entry;
}
