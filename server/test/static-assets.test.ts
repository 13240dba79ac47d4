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
] as const) {
  writeFileSync(join(staticDir, name), text);
  writeFileSync(join(staticDir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(staticDir, `${name}.gz`), gzipSync(text));
}
afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

const dashboard = createApp({ services: null, staticDir, bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES, upstreamUrl: null, logger: testLogger() });
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

// A build with prepainted pages (src/prepaint.tsx): each address gets the page drawn for it.
describe('prepainted pages', () => {
  const builtDir = mkdtempSync(join(tmpdir(), 'flowdeck-prepaint-'));
  mkdirSync(join(builtDir, 'prepaint'));
  const pages = {
    'index.html': '<div id="root"></div>',
    'favicon.svg': '<svg></svg>',
    'prepaint/overview.html': 'overview page',
    'prepaint/flows.html': 'flows page',
    'prepaint/sign-in.html': 'sign-in card',
    'prepaint/shell.html': 'the frame alone',
  };
  for (const [name, text] of Object.entries(pages)) {
    writeFileSync(join(builtDir, name), text);
    writeFileSync(join(builtDir, `${name}.br`), brotliCompressSync(text));
  }
  writeFileSync(
    join(builtDir, 'prepaint', 'manifest.json'),
    JSON.stringify({
      pages: { '/': 'prepaint/overview.html', '/flows': 'prepaint/flows.html', '/sign-in': 'prepaint/sign-in.html', '/alerts': 'prepaint/gone.html' },
      shell: 'prepaint/shell.html',
      outsideShell: ['/sign-in', '/cards/'],
    }),
  );
  afterAll(() => {
    rmSync(builtDir, { recursive: true, force: true });
  });
  const built = createApp({ services: null, staticDir: builtDir, bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES, upstreamUrl: null, logger: testLogger() });
  const page = async (path: string) => {
    const response = await built.request(path, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status, path).toBe(200);
    expect(response.headers.get('cache-control'), path).toBe('no-cache');
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    return brotliDecompressSync(await bytes(response)).toString();
  };

  it('sends a section its own page, the sign-in card its own, and the frame alone elsewhere inside the shell', async () => {
    expect(await page('/')).toBe('overview page');
    expect(await page('/flows?q=orders')).toBe('flows page');
    expect(await page('/sign-in?redirect=%2Fflows')).toBe('sign-in card');
    expect(await page('/flows/12')).toBe('the frame alone');
    expect(await page('/no/such/page')).toBe('the frame alone');
    // A path that names a property every object has is no key of the manifest.
    expect(await page('/constructor')).toBe('the frame alone');
    expect(await page('/__proto__')).toBe('the frame alone');
  });

  it('sends the bare page outside the shell, and where the build lacks the file it names', async () => {
    expect(await page('/cards/some-bearer-hash')).toBe('<div id="root"></div>');
    expect(await page('/alerts')).toBe('<div id="root"></div>');
  });

  it('sends the bare page, not a 500, when the manifest cannot be read', async () => {
    const brokenDir = mkdtempSync(join(tmpdir(), 'flowdeck-prepaint-broken-'));
    mkdirSync(join(brokenDir, 'prepaint'));
    writeFileSync(join(brokenDir, 'index.html'), '<div id="root"></div>');
    const broken = createApp({ services: null, staticDir: brokenDir, bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES, upstreamUrl: null, logger: testLogger() });
    try {
      for (const manifest of ['{}', '{"pages":{"/":7}}', 'not json']) {
        writeFileSync(join(brokenDir, 'prepaint', 'manifest.json'), manifest);
        const response = await broken.request('/flows');
        expect(response.status, manifest).toBe(200);
        expect(await response.text(), manifest).toBe('<div id="root"></div>');
      }
    } finally {
      rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it('still sends files as files', async () => {
    const response = await built.request('/favicon.svg');
    expect(await response.text()).toBe('<svg></svg>');
    expect((await built.request('/prepaint/manifest.json')).status).toBe(200);
  });
});
