import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { DEFAULT_BODY_LIMIT_BYTES } from '../config';
import { testLogger } from './harness';

// The dashboard as a browser fetches it: the build's brotli or gzip copy of each asset, whichever the browser
// accepts, hashed assets kept for good, and the page itself asked for again each time.

const script = `export const rows = [${Array.from({ length: 500 }, (_, i) => `"flow ${String(i)}"`).join(',')}];\n`;
const page = '<!doctype html><title>Flowdeck</title><script type="module" src="/assets/app-Cx12ab.js"></script>';
const staticDir = mkdtempSync(join(tmpdir(), 'flowdeck-static-assets-'));
mkdirSync(join(staticDir, 'assets'));
for (const [name, text] of [
  ['assets/app-Cx12ab.js', script],
  ['index.html', page],
  ['favicon.svg', '<svg></svg>'],
] as const) {
  writeFileSync(join(staticDir, name), text);
  writeFileSync(join(staticDir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(staticDir, `${name}.gz`), gzipSync(text));
}
afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

const dashboard = createApp({ services: null, staticDir, bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES, upstream: null, logger: testLogger() });
const get = (path: string, acceptEncoding?: string) => dashboard.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('static assets', () => {
  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const response = await get('/assets/app-Cx12ab.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = await bytes(response);
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const response = await get('/assets/app-Cx12ab.js', 'gzip, deflate');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(gunzipSync(await bytes(response)).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding, still varying by it', async () => {
    const response = await get('/assets/app-Cx12ab.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await response.text()).toBe(script);
  });

  it('lets a browser keep hashed assets for a year, but not the page that names them', async () => {
    expect((await get('/assets/app-Cx12ab.js', 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/flows/12']) {
      expect((await get(path, 'br')).headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers a deep link with the compressed page, so client-side routes survive a reload', async () => {
    const response = await get('/flows/12?tab=history', 'gzip, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(page);
    expect(await (await get('/cards/some-bearer-hash')).text()).toBe(page);
  });

  it('sends a file beside the page as that file, not the page', async () => {
    expect(await (await get('/favicon.svg')).text()).toBe('<svg></svg>');
  });

  it('answers 404 for an asset of another build rather than the page under its name', async () => {
    const response = await get('/assets/app-Old999.js', 'br');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('keeps the security headers on compressed answers', async () => {
    for (const path of ['/assets/app-Cx12ab.js', '/flows/12']) {
      const headers = (await get(path, 'br')).headers;
      expect(headers.get('content-security-policy'), path).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
