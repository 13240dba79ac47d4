import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../start';
import { chooseEncoding, COMPRESSION_THRESHOLD_BYTES } from '../http/compression';
import { createSampleFlow } from './fixtures';
import { startHarness, testConfig, testLogger } from './harness';

// /v2 JSON goes compressed when the client asks and the body is worth it, identical once decoded; a
// client that does not ask gets it as before; small answers go as they are; and proxy mode encodes a
// forwarded answer once. Spoken over raw node:http, because fetch would decode behind the test's back.

const service = await startHarness();
const proxyDataDir = mkdtempSync(join(tmpdir(), 'flowdeck-test-proxy-'));
const proxy = await startService({ ...testConfig(service.databaseUrl, proxyDataDir), upstreamUrl: service.url }, testLogger());
afterAll(async () => {
  await proxy.stop();
  await service.stop();
  rmSync(proxyDataDir, { recursive: true, force: true });
});

const { source, destination } = await createSampleFlow(service.api);
await service.sql(`INSERT INTO flows (display_name, source_id, destination_id, frequency) SELECT 'Flow ' || n, $1, $2, '6h' FROM generate_series(1, 60) AS n`, [
  source.id,
  destination.id,
]);

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolveRaw, reject) => {
    const outgoing = request(`${base}${path}`, { headers: { authorization: `Bearer ${service.keys.team}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolveRaw({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const json = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8'));

describe('compression of /v2 JSON', () => {
  it('gzips a large answer when asked, says so and varies on Accept-Encoding; decoded it is the identity answer', async () => {
    const plain = await get(service.url, '/v2/flows');
    const gzipped = await get(service.url, '/v2/flows', { 'accept-encoding': 'gzip' });
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(json(gunzipSync(gzipped.bytes))).toEqual(json(plain.bytes));
  });

  it('prefers brotli when the client accepts both (as browsers do), and follows the q weights', async () => {
    const browser = await get(service.url, '/v2/flows', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(json(brotliDecompressSync(browser.bytes))).toEqual(json((await get(service.url, '/v2/flows')).bytes));
    expect((await get(service.url, '/v2/flows', { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers identity to a client that does not ask, or refuses every encoding we have, still with Vary', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0, br;q=0', 'deflate']) {
      const answer = await get(service.url, '/v2/flows', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(answer.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(answer.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(json(answer.bytes), acceptEncoding).toMatchObject({ data: expect.any(Array) as unknown });
    }
  });

  it('sends small answers as they are, errors included', async () => {
    const one = await get(service.url, '/v2/flows?limit=1', { 'accept-encoding': 'gzip, br' });
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(json(one.bytes)).toMatchObject({ data: [expect.any(Object)] as unknown });
    const refused = await get(service.url, '/v2/flows', { 'accept-encoding': 'gzip', authorization: 'Bearer not-a-key' });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(json(refused.bytes)).toEqual({ message: 'Unauthorized' });
  });

  it('in proxy mode, encodes the forwarded answer once, and forwards identity to a client that does not ask', async () => {
    const direct = json((await get(service.url, '/v2/flows')).bytes);
    const gzipped = await get(proxy.url, '/v2/flows', { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(json(gunzipSync(gzipped.bytes))).toEqual(direct);
    const plain = await get(proxy.url, '/v2/flows');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(json(plain.bytes)).toEqual(direct);
  });
});

describe('choosing the encoding', () => {
  it('takes the highest weight, brotli on a tie, and nothing when only identity or unknown encodings are accepted', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity, deflate')).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });
});
