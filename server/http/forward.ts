import type { Context } from 'hono';
import { type Operation, type OperationName, OPERATIONS } from '@/api/operations';
import { type Handler, type Handlers, RawAnswer } from './operations';

// Proxy mode: /v2 forwarded to another service with the same interface. Plainly (FLOWDECK_UPSTREAM_URL
// alone) every request goes as it came, with the caller's own key of the upstream. For a team
// (FLOWDECK_UPSTREAM_KEY too) people sign in here: each operation is checked here (who, role, plan,
// input) and then sent with the upstream's key, which never reaches a browser; this Flowdeck's own
// operations (people, keys, sessions, the audit log: `local` in the table) are answered here.

export interface Upstream {
  url: string;
  /** The upstream service's key, kept on the server (FLOWDECK_UPSTREAM_KEY). */
  key: string;
  /** How long it may take to begin an answer (config's upstreamAnswerTimeoutMs). */
  answerTimeoutMs: number;
}

/** Where requests go, and how long their answers may take to begin. */
export type UpstreamTarget = Pick<Upstream, 'url' | 'answerTimeoutMs'>;

/** What the caller is told when the upstream is down or silent: the operator's setting to look at, never its address. */
const unreachable = () => Response.json({ message: 'Bad Gateway: the upstream service (FLOWDECK_UPSTREAM_URL) could not be reached.' }, { status: 502 });
const silent = (timeoutMs: number) =>
  Response.json({ message: `Gateway Timeout: the upstream service did not begin its answer within ${String(timeoutMs / 1000)} s.` }, { status: 504 });

/** The same request to the upstream service; its answer comes back unchanged, or 502/504 when there is none. */
export async function forward(request: Request, upstream: UpstreamTarget, init: { headers?: Headers; body?: BodyInit | null } = {}): Promise<Response> {
  const incoming = new URL(request.url);
  const target = new URL(incoming.pathname + incoming.search, upstream.url);
  const headers = init.headers ?? new Headers(request.headers);
  headers.delete('host');
  // Bodies stream through (an upload is not held in memory); the body limit has already bounded the rest.
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : init.body === undefined ? request.body : init.body;
  // Only the answer's start is bounded: once it has begun, the idle bound watches its body like any other.
  const giveUp = new AbortController();
  const timer = setTimeout(() => {
    giveUp.abort();
  }, upstream.answerTimeoutMs);
  let answer: Response;
  try {
    answer = await fetch(target, { method: request.method, headers, body, redirect: 'manual', duplex: 'half', signal: giveUp.signal } as RequestInit);
  } catch {
    return giveUp.signal.aborted ? silent(upstream.answerTimeoutMs) : unreachable();
  } finally {
    clearTimeout(timer);
  }
  const outgoing = new Headers(answer.headers);
  outgoing.delete('content-encoding');
  outgoing.delete('content-length');
  return new Response(answer.body, { status: answer.status, headers: outgoing });
}

/** This Flowdeck's session and its CSRF header are nobody else's business: never sent on. */
function withoutOwnCredentials(request: Request): Headers {
  const headers = new Headers(request.headers);
  for (const name of ['cookie', 'x-flowdeck-csrf']) headers.delete(name);
  return headers;
}

/** What a signed-in caller's request carries on: what it asks for and how it reads, with the upstream's key. */
function upstreamHeaders(request: Request, key: string): Headers {
  const headers = new Headers();
  for (const name of ['accept', 'content-type', 'accept-language', 'user-agent']) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('authorization', `Bearer ${key}`);
  return headers;
}

/** An operation answered by the upstream: checked here already, sent on (a signed-in caller's with the upstream's key). */
function forwarding(operation: Operation, upstream: Upstream): Handler<OperationName> {
  return async (_input, c: Context) => {
    const request = c.req.raw;
    // The body was read to check it (Hono keeps the text); an upload was not, and streams on.
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'DELETE';
    const body = !hasBody ? undefined : operation.upload ? request.body : await c.req.text();
    const headers = operation.access === 'key' ? upstreamHeaders(request, upstream.key) : withoutOwnCredentials(request);
    const answer = await forward(request, upstream, { headers, body });
    // The upstream's cookies are for its own sign-in, which nobody here uses.
    answer.headers.delete('set-cookie');
    return new RawAnswer(answer);
  };
}

/** The handlers of a team's proxy: this Flowdeck's own operations here, every other one upstream. */
export function forwardedHandlers(local: Handlers, upstream: Upstream): Handlers {
  const handlers: Record<string, Handler<OperationName>> = { ...(local as unknown as Record<string, Handler<OperationName>>) };
  for (const operation of OPERATIONS as readonly Operation[]) if (!operation.local) handlers[operation.name] = forwarding(operation, upstream);
  return handlers as unknown as Handlers;
}
