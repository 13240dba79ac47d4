import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptEnded, expectStatus } from './fixtures';
import { createDestination, createSource, type LocalServer, localHttpServer } from './connector-fixtures';
import { type Harness, startHarness } from './harness';

// Hostile upstreams, served by the test: a REST source whose body never ends, one that answers a page
// larger than the byte bound, one that sends nothing after its headers, and a large page under the
// bound, which must load without the service's memory growing with it.

// Long enough for the large pages below to arrive on a busy machine.
const READ_TIMEOUT_S = 10;
const READ_LIMIT_BYTES = 8 * 1024 * 1024;
const STALL_TIMEOUT_S = 2;

let harness: Harness;
let upstream: LocalServer;
const responses = new Set<ServerResponse>();

/** An endless JSON list, `{"id":n,"text":"…"}` after another, at the pace `everyMs` allows (0: as fast as the socket takes them). */
function endlessList(response: ServerResponse, everyMs: number): void {
  responses.add(response);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('[');
  let n = 0;
  const record = () => `${n === 0 ? '' : ','}{"id":${String(n++)},"text":"${'x'.repeat(200)}"}`;
  const more = () => {
    if (response.destroyed) return;
    if (everyMs > 0) {
      response.write(record());
      setTimeout(more, everyMs);
      return;
    }
    let chunk = '';
    while (chunk.length < 64_000) chunk += record();
    if (response.write(chunk)) setImmediate(more);
    else response.once('drain', more);
  };
  more();
}

/** A JSON list of `count` records of about 220 bytes, written as the socket takes it. */
function largeList(response: ServerResponse, count: number): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  let n = 0;
  const more = () => {
    let chunk = n === 0 ? '[' : '';
    while (chunk.length < 64_000 && n < count) chunk += `${n === 0 ? '' : ','}{"id":${String(n++)},"text":"${'y'.repeat(200)}"}`;
    if (n >= count) {
      response.end(`${chunk}]`);
      return;
    }
    if (response.write(chunk)) setImmediate(more);
    else response.once('drain', more);
  };
  more();
}

beforeAll(async () => {
  upstream = await localHttpServer((request, response) => {
    if (request.url?.startsWith('/endless')) endlessList(response, 50);
    else if (request.url?.startsWith('/huge')) endlessList(response, 0);
    else if (request.url?.startsWith('/silent')) {
      responses.add(response);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    } else if (request.url?.startsWith('/large')) largeList(response, 30_000);
    else response.writeHead(404).end();
  });
  harness = await startHarness({
    connectorAllow: ['127.0.0.1'],
    env: { FLOWDECK_READ_TIMEOUT: String(READ_TIMEOUT_S), FLOWDECK_READ_LIMIT: String(READ_LIMIT_BYTES), FLOWDECK_STALL_TIMEOUT: String(STALL_TIMEOUT_S) },
  });
});

afterAll(async () => {
  await harness.stop();
  for (const response of responses) response.destroy();
  await upstream.close();
});

async function runRest(endpoint: string) {
  const source = await createSource(harness.api, 'rest_api', { base_url: upstream.url, endpoints: endpoint, pagination: 'none' });
  const destination = await createDestination(harness.api, 'files', { bucket_url: `out-${endpoint}`, format: 'jsonl' });
  const flow = expectStatus(
    await harness.api('/v2/flows', { method: 'POST', body: { displayName: endpoint, source: source.id, destination: destination.id } }),
    201,
  ).body as { data: { id: number } };
  const started = Date.now();
  expectStatus(await harness.api(`/v2/flows/${String(flow.data.id)}/run`, { method: 'POST' }), 201);
  const attempt = await attemptEnded(harness.api, flow.data.id, 60_000);
  return { attempt, seconds: (Date.now() - started) / 1000 };
}

describe('hostile upstreams', () => {
  it('fail a run whose REST body never ends within the read bound', async () => {
    const { attempt, seconds } = await runRest('endless');
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors.join('\n')).toContain(`did not finish answering within ${String(READ_TIMEOUT_S)} s`);
    expect(seconds).toBeLessThan(READ_TIMEOUT_S + 4);
  });

  it('fail a run whose page is larger than the byte bound, saying so', async () => {
    const { attempt } = await runRest('huge');
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors.join('\n')).toContain('answered more than 8 MB');
  });

  it('end a run whose source gives no rows for longer than the stall bound, and say why', async () => {
    const { attempt, seconds } = await runRest('silent');
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors.join('\n')).toContain(`Stalled: the source gave no rows for ${String(STALL_TIMEOUT_S)} s`);
    expect(seconds).toBeLessThan(STALL_TIMEOUT_S + 3);
  });

  it('load a page of 6.6 MB without holding it whole in memory', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const { attempt } = await runRest('large');
    clearInterval(sampler);
    expect(attempt.errors).toEqual([]);
    expect(attempt.resources[0]?.loaded).toBe(30_000);
    // Held whole, a 6.6 MB page becomes far more as objects; streamed, a batch at a time.
    expect((peak - before) / (1024 * 1024)).toBeLessThan(40);
  });
});
