import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness';

// Slow senders: headers must arrive within 10 s (as documented), and a JSON body within its bound,
// for a caller with a valid key too. Only uploads may take longer.

const BODY_TIMEOUT_MS = 4_000;
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ bodyTimeoutMs: BODY_TIMEOUT_MS });
});
afterAll(async () => {
  await harness.stop();
});

interface Trickle {
  /** When the service closed the connection, in ms after it opened, and what it answered. */
  closed: Promise<{ afterMs: number; answer: string }>;
  socket: Socket;
}

/** Opens a connection, sends `head`, then one more byte of `drip` every `everyMs`. */
function trickle(head: string, drip: string, everyMs: number): Trickle {
  const { port } = new URL(harness.url);
  const socket = connect(Number(port), '127.0.0.1');
  const opened = Date.now();
  let answer = '';
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++] ?? '');
  }, everyMs);
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(head);
  const closed = new Promise<{ afterMs: number; answer: string }>((resolveClose) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolveClose({ afterMs: Date.now() - opened, answer });
    }),
  );
  return { closed, socket };
}

describe('slow senders', () => {
  it('are cut 10 s after the connection opened when their headers do not end', async () => {
    const slow = trickle('GET /v2/flows HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n'.repeat(100), 500);
    const { afterMs } = await slow.closed;
    expect(afterMs).toBeGreaterThanOrEqual(9_500);
    expect(afterMs).toBeLessThan(12_500);
  }, 30_000);

  it('are answered 408 when an authenticated JSON body does not arrive within its bound', async () => {
    const body = JSON.stringify({ sourceSpec: 'sample', displayName: 'slow', properties: { row_count: 1 } });
    const head = `POST /v2/sources HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${harness.keys.team}\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n`;
    const slow = trickle(head, body, 1_000);
    const { afterMs, answer } = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"message":"Request Timeout"}');
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS + 2_500);
  }, 30_000);
});
