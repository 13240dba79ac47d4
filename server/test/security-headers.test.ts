import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { DEFAULT_BODY_LIMIT_BYTES } from '../config';
import { startHarness, testLogger } from './harness';

// What a browser is told: scripts from this origin only, no framing, no sniffing, and no Referer that
// could carry a card link's bearer hash elsewhere; the dashboard's source maps stay private.

const staticDir = mkdtempSync(join(tmpdir(), 'flowdeck-static-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
writeFileSync(join(staticDir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret-logic.ts"]}');
const service = await startHarness();
afterAll(async () => {
  await service.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

const dashboard = (serveSourceMaps = false) =>
  createApp({ services: null, staticDir, serveSourceMaps, bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES, upstream: null, logger: testLogger() });

function expectBrowserHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it('are sent with the dashboard, its client-side routes (a card link) and its assets', async () => {
    for (const path of ['/', '/cards/some-bearer-hash', '/assets/app.js']) {
      const response = await dashboard().request(path);
      expect(response.status, path).toBe(200);
      expectBrowserHeaders(response.headers);
    }
  });

  it('are sent with /v2 answers, errors included', async () => {
    expectBrowserHeaders((await service.api('/v2/sources')).headers);
    expectBrowserHeaders((await service.api('/v2/sources', { key: null })).headers);
    expectBrowserHeaders((await service.api('/v2/nothing-here')).headers);
  });
});

describe('source maps', () => {
  it('are not served unless FLOWDECK_SOURCE_MAPS asks for them', async () => {
    expect((await dashboard().request('/assets/app.js.map')).status).toBe(404);
    const served = await dashboard(true).request('/assets/app.js.map');
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('secret-logic');
  });
});
