// The JavaScript a real Chromium fetches (scripts and module preloads, gzip) for the first screen, signed out
// (/sign-in) and signed in (/flows), from a production build served by the real local service; and each
// route's own chunks. Fails above budget.
//
// "A route's own chunks": every chunk a navigation to the route fetches that the first screen and the signed-in
// shell have not already fetched, shared library chunks included (the split component, error and loader chunks
// and everything they import statically): that is what the user waits for on a first visit to that page.
// Libraries a page imports only when it first shows them (React.lazy: charts, markdown, the workflow graph)
// are listed apart, not counted, because the page is usable before they arrive.
//
// Floor: the gzip JavaScript of a bare page rendering one heading with React and ReactDOM, built by the same
// Vite in the same run. No React page can ship less, so figure ÷ floor says how much the dashboard adds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { DEMO_KEY, freePort, launchChromium, startLocalService } from './local-service.mjs';

// A signed-in first screen (/flows) and what any route adds on its first visit.
const FIRST_SCREEN_BUDGET = 300 * 1024;
const ROUTE_BUDGET = 80 * 1024;
// Every first screen runs the same entry, and a route's page adds at most ROUTE_BUDGET to it: the sign-in screen,
// the entry with a page of one form, gets what is left for the entry.
const BUDGETS = { '/sign-in': FIRST_SCREEN_BUDGET - ROUTE_BUDGET, '/flows': FIRST_SCREEN_BUDGET };

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const ratio = (figure, floor) => `${(figure / floor).toFixed(2)}×`;

async function floorBytes() {
  // Inside node_modules so `react` resolves from the project's own copy.
  const root = join('node_modules', '.cache', 'flowdeck-bundle-floor');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Flowdeck</title><div id="root"></div><script type="module" src="./main.js"></script>');
  writeFileSync(
    join(root, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Flowdeck'));\n",
  );
  await build({ root, configFile: false, logLevel: 'warn', build: { outDir: 'dist' } });
  const assets = join(root, 'dist', 'assets');
  const bytes = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSize(readFileSync(join(assets, file))), 0);
  rmSync(root, { recursive: true, force: true });
  return bytes;
}

/** Every chunk a manifest entry loads before it runs (its static imports, transitively). */
function staticClosure(manifest, key, into = new Set()) {
  const entry = manifest[key];
  if (!entry || into.has(entry.file)) return into;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The scripts the page itself names (the entry and its preloads), with what they import. */
function entryClosure(manifest, outDir) {
  const keyOf = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
  const page = readFileSync(join(outDir, 'index.html'), 'utf8');
  const fetched = new Set();
  for (const [, file] of page.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) {
    fetched.add(file);
    staticClosure(manifest, keyOf.get(file), fetched);
  }
  return fetched;
}

/** Each route's split chunks, less what the first screen and the signed-in shell have already fetched. */
function routeChunks(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const fetched = entryClosure(manifest, outDir);
  for (const key of Object.keys(manifest)) if (key.startsWith('src/routes/_app.tsx?')) staticClosure(manifest, key, fetched);
  const routes = new Map();
  for (const key of Object.keys(manifest)) {
    const match = /^src\/routes\/(.+)\.tsx\?tsr-split=/.exec(key);
    if (!match) continue;
    const own = routes.get(match[1]) ?? new Set();
    for (const file of staticClosure(manifest, key)) if (!fetched.has(file)) own.add(file);
    routes.set(match[1], own);
  }
  const size = (file) => gzipSize(readFileSync(join(outDir, file)));
  const total = (files) => [...files].reduce((sum, file) => sum + size(file), 0);
  // Heavy libraries a page imports when it first shows them (charts, markdown, the workflow graph).
  const onDemand = Object.entries(manifest)
    .filter(([key, entry]) => entry.isDynamicEntry && !key.includes('?tsr-split=') && !key.startsWith('src/mock-service/'))
    .map(([key, entry]) => ({
      module: entry.src ?? key,
      gzip: total([...staticClosure(manifest, key)].filter((file) => !fetched.has(file))),
    }));
  return { routes: [...routes].map(([route, files]) => ({ route, files: files.size, gzip: total(files) })), onDemand };
}

/** The JS (scripts and module preloads) one page load fetches, gzip. */
async function firstScreen(browser, url, path, signedIn) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addInitScript((token) => {
      sessionStorage.setItem('flowdeck.session', JSON.stringify({ token, baseUrl: '' }));
    }, DEMO_KEY);
  }
  const page = await context.newPage();
  const scripts = new Map();
  // Each body is read before the page closes: one read after it would fail outside this function and end the bench
  // before it stops its service.
  const reads = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    reads.push(response.body().then((bytes) => scripts.set(response.url(), bytes)));
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  if (signedIn) await page.getByRole('button', { name: 'Sign out' }).waitFor();
  else await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await Promise.all(reads);
  await context.close();
  const bodies = [...scripts.values()];
  return { files: bodies.length, raw: bodies.reduce((sum, body) => sum + body.length, 0), gzip: bodies.reduce((sum, body) => sum + gzipSize(body), 0) };
}

const manifestDir = join(tmpdir(), `flowdeck-bench-manifest-${String(process.pid)}`);
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--manifest', '--outDir', manifestDir, '--emptyOutDir'], { stdio: 'inherit' });
const floor = await floorBytes();
const { routes, onDemand } = routeChunks(manifestDir);
// The in-browser mock service belongs to the demo build only.
const withMock = readdirSync(join(manifestDir, 'assets')).filter(
  (file) => file.endsWith('.js') && readFileSync(join(manifestDir, 'assets', file), 'utf8').includes('mockServiceWorker'),
);
rmSync(manifestDir, { recursive: true, force: true });

const service = await startLocalService(Number(process.env.BENCH_PORT ?? (await freePort())));
const browser = await launchChromium();
const misses = [];
try {
  console.log(`floor (bare React + ReactDOM page): ${kb(floor)} gzip`);
  if (withMock.length > 0) misses.push(`mock service in the production build (${withMock.join(', ')})`);
  console.log(`mock service in the production build: ${withMock.length > 0 ? withMock.join(', ') : 'none'}`);
  for (const [path, signedIn] of [
    ['/sign-in', false],
    ['/flows', true],
  ]) {
    const { files, raw, gzip } = await firstScreen(browser, service.url, path, signedIn);
    const over = gzip > BUDGETS[path];
    if (over) misses.push(`first screen ${path}`);
    console.log(
      `first screen ${path}: ${String(files)} JS files, ${kb(raw)} raw, ${kb(gzip)} gzip (budget ${kb(BUDGETS[path])}, floor ${kb(floor)}, ratio ${ratio(gzip, floor)})${over ? '  OVER BUDGET' : ''}`,
    );
  }
  console.log(`each route's own chunks, gzip, beyond the first screen and the shell (budget ${kb(ROUTE_BUDGET)}):`);
  for (const { route, files, gzip } of routes.sort((a, b) => b.gzip - a.gzip)) {
    const over = gzip > ROUTE_BUDGET;
    if (over) misses.push(`route ${route}`);
    console.log(
      `  ${route.padEnd(32)} ${String(files).padStart(3)} files ${kb(gzip).padStart(10)}  ratio to floor ${ratio(gzip, floor)}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  console.log('fetched by a page when it first shows them, gzip (not counted above):');
  for (const { module, gzip } of onDemand.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${module.padEnd(48)} ${kb(gzip).padStart(10)}`);
} finally {
  await browser.close();
  await service.stop();
}
if (misses.length > 0) {
  console.error(`over budget: ${misses.join(', ')}`);
  process.exit(1);
}
