// Prints the gzip size of the JavaScript a real Chromium loads for the first screen (sign-in), and of
// the whole build, from a production build (no mock service in it).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { preview } from 'vite';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

// Built into a temporary folder so the bench never replaces the demo build in dist/.
const outDir = join(tmpdir(), `flowdeck-bench-${String(process.pid)}`);
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { stdio: 'inherit' });

const server = await preview({ build: { outDir }, preview: { host: '127.0.0.1', port: 0, open: false }, logLevel: 'silent' });
const url = server.resolvedUrls?.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
  });
  await page.goto(new URL('/sign-in', url).href, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();

  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += gzipSize(body);
  }
  const assets = join(outDir, 'assets');
  const allJs = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const allGzip = allJs.reduce((sum, file) => sum + gzipSize(readFileSync(join(assets, file))), 0);

  console.log(`first screen (/sign-in): ${String(scripts.size)} JS files, ${kb(raw)} raw, ${kb(gzip)} gzip`);
  console.log(`whole build: ${String(allJs.length)} JS files, ${kb(allGzip)} gzip`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  rmSync(outDir, { recursive: true, force: true });
}
