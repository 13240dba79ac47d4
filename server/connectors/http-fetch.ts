import { Agent, buildConnector, fetch, Response } from 'undici';
import { RefusedTarget } from '@/service-rules/errors';
import { checkedAddresses } from '../security/network-guard';
import { megabytes, readBounds } from './read-bounds';

// Fetch for connectors. Every connection goes to an address the network guard checked just before
// it opened (the name is resolved once, by the guard, and the socket opens on that address; TLS and
// the Host header keep the name). Redirects are followed here, one hop at a time, so each hop is
// checked the same way. A failed status is reported by its number only: a remote body or reason
// phrase is never echoed. Each call has its own dispatcher, so no connection outlives the call.
// The answer's headers must come within 30 s; its whole body within the read bound and no larger
// than the byte bound (read-bounds.ts), or reading it fails and says which.

const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A dispatcher whose connections open only on addresses the network guard allowed (alert deliveries use it too). */
export function guardedAgent(): Agent {
  const open = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  return new Agent({
    connect(options, callback) {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      checkedAddresses(options.hostname, port).then(
        (addresses) => {
          // `host` still names the server, so TLS sends it as SNI and checks the certificate against it.
          const attempt = (index: number) => {
            open({ ...options, hostname: addresses[index] ?? '' }, (...result) => {
              if (result[0] && index + 1 < addresses.length) attempt(index + 1);
              else callback(...result);
            });
          };
          attempt(0);
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)), null);
        },
      );
    },
  });
}

/** A URL as messages show it: without user information. */
function shown(url: URL): string {
  if (!url.username && !url.password) return url.toString();
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.toString();
}

function requestFailure(first: URL, current: URL, error: unknown): Error {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const redirected = current === first ? '' : `${shown(first)} redirected to ${shown(current)}. `;
  if (cause instanceof RefusedTarget) return new RefusedTarget(`${redirected}${cause.message}`);
  const detail = cause as { code?: string; message?: string };
  return new Error(`${redirected}Request to ${shown(current)} failed: ${detail.code ?? detail.message ?? String(error)}`, { cause: error });
}

/** Headers for a hop: credentials go only to the origin they were configured for. */
function hopHeaders(headers: Record<string, string>, first: URL, current: URL): Record<string, string> {
  if (current.origin === first.origin) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

async function follow(first: URL, headers: Record<string, string>, signal: AbortSignal, dispatcher: Agent): Promise<Response> {
  let current = first;
  for (let hop = 0; ; hop += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      const where = hop === 0 ? shown(first) : `${shown(first)} redirected to ${shown(current)}, which`;
      throw new RefusedTarget(`${where} is not an http:// or https:// address; connectors fetch only those.`);
    }
    let response: Response;
    try {
      response = await fetch(current, { headers: hopHeaders(headers, first, current), signal, dispatcher, redirect: 'manual' });
    } catch (error) {
      throw requestFailure(first, current, error);
    }
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) {
      if (response.ok) return response;
      await response.body?.cancel();
      throw new Error(`${shown(current)} answered HTTP ${String(response.status)}.`);
    }
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new Error(`${shown(first)} redirected more than ${String(MAX_REDIRECTS)} times.`);
    try {
      current = new URL(location, current);
    } catch {
      throw new Error(`${shown(current)} redirected to an invalid address.`);
    }
  }
}

/**
 * The body, counted as it is read: past `maxBytes` it fails; `done` is called once it ends, fails or
 * is cancelled (the deadline timer is then cleared).
 */
function countedBody(body: ReadableStream<Uint8Array>, url: URL, maxBytes: number, done: () => void): ReadableStream<Uint8Array> {
  let bytes = 0;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: ended } = await reader.read();
        if (ended) {
          done();
          controller.close();
          return;
        }
        bytes += value.byteLength;
        if (bytes > maxBytes) throw new Error(`${shown(url)} answered more than ${megabytes(maxBytes)}.`);
        controller.enqueue(value);
      } catch (error) {
        done();
        await reader.cancel().catch(() => undefined);
        controller.error(error);
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}

/** GETs `url` through the network guard, following redirects; a failed status or connection is an Error. */
export async function fetchChecked(url: string, init: { headers?: Record<string, string>; signal: AbortSignal }): Promise<Response> {
  let first: URL;
  try {
    first = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a valid URL.`);
  }
  const { timeoutMs, maxBytes } = readBounds();
  // Timers rather than AbortSignal.timeout: the deadline must hold while the caller reads the body.
  const deadline = new AbortController();
  const headersTimer = setTimeout(() => {
    deadline.abort(new Error(`${shown(first)} did not answer within ${String(REQUEST_TIMEOUT_MS / 1000)} s.`));
  }, REQUEST_TIMEOUT_MS);
  const bodyTimer = setTimeout(() => {
    deadline.abort(new Error(`${shown(first)} did not finish answering within ${String(timeoutMs / 1000)} s.`));
  }, timeoutMs);
  const dispatcher = guardedAgent();
  const done = () => {
    clearTimeout(headersTimer);
    clearTimeout(bodyTimer);
    // Graceful: a body still being read finishes first.
    dispatcher.close().catch(() => undefined);
  };
  let response: Response;
  try {
    response = await follow(first, init.headers ?? {}, AbortSignal.any([init.signal, deadline.signal]), dispatcher);
  } catch (error) {
    done();
    throw deadline.signal.aborted ? (deadline.signal.reason as Error) : error;
  }
  clearTimeout(headersTimer);
  if (!response.body) {
    done();
    return response;
  }
  const body = countedBody(response.body as ReadableStream<Uint8Array>, first, maxBytes, done);
  return new Response(body as import('undici').BodyInit, { status: response.status, statusText: response.statusText, headers: response.headers });
}
