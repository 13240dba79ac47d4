import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { MESSAGES } from '@/api/messages';

// A JSON body is small (1 MB at most): it must arrive whole within `timeoutMs` of the request, or the
// connection is answered 408 and closed. Without it, a caller that sends one byte every few seconds
// (never silent long enough for the idle timeout) held a connection and a handler for the whole
// request timeout, 10 minutes, with a valid key as well as without. Uploads are exempt: they stream to
// disk and get the request timeout.

/** The bound when none is configured. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

const ANSWER = JSON.stringify({ message: MESSAGES.requestTimeout });

export function boundBodies(timeoutMs: number, exempt: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!incoming || incoming.complete || exempt(c.req.path)) return next();
    const timer = setTimeout(() => {
      if (incoming.complete) return;
      const { socket } = incoming;
      // The handler is still waiting for the body: answer on the socket itself, as Node does for its own request timeout.
      if (outgoing && !outgoing.headersSent) {
        socket.end(
          `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(ANSWER))}\r\n\r\n${ANSWER}`,
        );
      }
      socket.destroySoon();
    }, timeoutMs);
    const clear = () => {
      clearTimeout(timer);
    };
    incoming.once('end', clear);
    incoming.once('close', clear);
    // Once the answer is made the body is either read or will never be (the adapter drains it briefly, then drops the connection).
    try {
      await next();
    } finally {
      clear();
    }
  };
}
