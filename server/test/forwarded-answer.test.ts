import { describe, expect, it } from 'vitest';
import { answered } from '../audit/forwarded';

// A team's proxy reads an upstream's create answer for the new object's id and name. A hostile upstream
// may answer without end: the proxy must stop reading, not hold it all in memory.

function endlessJson(): Response {
  const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
  let opened = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!opened) controller.enqueue(new TextEncoder().encode('{"data":{"id":1,"name":"'));
      opened = true;
      controller.enqueue(chunk);
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}

describe("a proxied create's answer", () => {
  it('gives the id and name of a small answer', async () => {
    const response = Response.json({ data: { id: 7, displayName: 'Orders' } });
    expect(await answered({ response })).toEqual({ id: 7, name: 'Orders' });
  });

  it('stops reading an answer without end, and names nothing', async () => {
    expect(await answered({ response: endlessJson() })).toEqual({ id: null, name: null });
  }, 5_000);
});
