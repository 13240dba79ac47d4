// The flows list with 10,000 flows in a real Chromium against the real local service: time from navigation to the
// first row (a full load, and a click in the app) and from a search keystroke to the frame that shows its result.
// Each beside a floor measured in the same run, the same way: for the full load, the stack page (bench/flows-stack:
// the scripts a real load of /flows fetched, run with nothing drawn, beside the first page of flows); for the
// others, the plain-DOM page (bench/flows-floor: the same flows from the same service with the same key). It also
// counts the status requests while the list loads and scrolls. Exits 1 when a budget is missed.
import { cpSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, launchChromium, signIn, startLocalService } from './local-service.mjs';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 4376);
const WORDS = ['orders', 'customers', 'invoices', 'events', 'stock', 'payments', 'returns', 'leads'];
const TARGETS = ['warehouse', 'lake', 'reporting', 'archive'];
const SCHEDULES = [{ frequency: '1h' }, { frequency: '6h' }, { frequency: '24h' }, { frequency: 'manual' }, { cron: '0 3 * * *' }, { cron: '*/15 * * * *' }];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];
const ms = (value) => `${value.toFixed(0)} ms`;
const ROUNDS = 3;
// The full load's ratio is to the stack page; the others have an absolute budget only (their floor is printed).
const BUDGET = { firstRowMs: 600, firstRowStackRatio: 1.6, inAppMs: 300, keystrokeMs: 50 };
/** A batch of statuses names at most this many flows (the service's cap). */
const STATUS_BATCH_MAX = 100;

async function seedFlows(service) {
  const { data: existing } = await (await service.api('/v2/flows?limit=1000')).json();
  let next = existing.length;
  const worker = async () => {
    while (next < FLOWS) {
      const index = next++;
      const schedule = SCHEDULES[index % SCHEDULES.length];
      const body = {
        displayName: `${WORDS[index % WORDS.length]} to ${TARGETS[(index >> 3) % TARGETS.length]} ${String(index).padStart(5, '0')}`,
        source: 1 + (index % 3),
        destination: 1 + (index % 2),
        ...schedule,
      };
      const response = await service.api('/v2/flows', { method: 'POST', body: JSON.stringify(body) });
      if (response.status !== 201) throw new Error(`creating flow ${String(index)}: ${String(response.status)} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

// Installed before any script of a page: when the flows table shows its first row, measured from the navigation
// (or from the click that navigated inside the app), in the page's own clock.
// When the tab is asked to (sessionStorage `bench-track-drawn`), it also keeps every flow whose row was drawn.
function watchFirstRow() {
  window.__bench = { firstRowAt: null, clickAt: null, drawn: new Set() };
  const trackDrawn = sessionStorage.getItem('bench-track-drawn') !== null;
  window.addEventListener('click', (event) => (window.__bench.clickAt = event.timeStamp), true);
  new MutationObserver(() => {
    const links = document.querySelectorAll('table[aria-label="Flows"] a[href^="/flows/"]');
    if (window.__bench.firstRowAt === null && links.length > 0) window.__bench.firstRowAt = performance.now();
    if (trackDrawn) for (const link of links) window.__bench.drawn.add(Number(link.getAttribute('href').split('/').pop()));
  }).observe(document, { subtree: true, childList: true });
}

async function firstRowOfLoad(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => window.__bench.firstRowAt !== null);
  return page.evaluate(() => window.__bench.firstRowAt);
}

/** The scripts of the build a first load of the dashboard's /flows fetches until its first row shows (empty cache). */
async function firstScreenScripts(browser, url) {
  const context = await browser.newContext();
  await context.addInitScript((token) => {
    sessionStorage.setItem('flowdeck.session', JSON.stringify({ token, baseUrl: '' }));
  }, DEMO_KEY);
  await context.addInitScript(watchFirstRow);
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) scripts.add(pathname);
  });
  await firstRowOfLoad(page, `${url}/flows`);
  await context.close();
  return [...scripts];
}

/** When the stack page has fetched, compiled and run the dashboard's first-screen code and read the first page. */
async function stackReady(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => window.__stack !== undefined);
  return page.evaluate(() => window.__stack.readyAt);
}

async function firstRowInApp(page, url) {
  await page.goto(`${url}/`);
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  await page.evaluate(() => (window.__bench.firstRowAt = null));
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Flows', exact: true }).click();
  await page.waitForFunction(() => window.__bench.firstRowAt !== null);
  return page.evaluate(() => window.__bench.firstRowAt - window.__bench.clickAt);
}

/**
 * From each keydown (its event time) to the first frame after the match count changed: what a user waits
 * for. Only keys that changed the matches count.
 */
async function keystrokeLatencies(page, text) {
  await page.waitForFunction(() => /^[\d,]+ flows$/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
  await page.evaluate(() => {
    const state = { pending: null, latencies: [] };
    window.__keys = state;
    const count = [...document.querySelectorAll('[role="status"]')].find((node) => /flows( match)?/.test(node.textContent ?? ''));
    new MutationObserver(() => {
      if (state.pending === null) return;
      const pressed = state.pending;
      state.pending = null;
      requestAnimationFrame(() => state.latencies.push(performance.now() - pressed));
    }).observe(count, { subtree: true, childList: true, characterData: true });
    document.addEventListener('keydown', (event) => (state.pending = event.timeStamp), true);
  });
  await page.getByRole('searchbox', { name: 'Search' }).click();
  for (const character of text) {
    await page.keyboard.type(character);
    await page.waitForTimeout(250);
  }
  return page.evaluate(() => window.__keys.latencies);
}

/** Scrolls the list to its end, 400 px a frame, and gives the rows that stop in view time to ask for their status. */
async function scrollThrough(page) {
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const region = document.querySelector('[aria-label="Flows, scrollable"]');
        const gaps = [];
        let last = performance.now();
        let ticks = 0;
        region.scrollTop = 0;
        const step = (now) => {
          gaps.push(now - last);
          last = now;
          region.scrollTop += 400;
          if (++ticks < 120) requestAnimationFrame(step);
          else resolve(gaps);
        };
        requestAnimationFrame(step);
      }),
  );
  await page.waitForTimeout(1500);
  return frames;
}

/** The status requests a page sends: one per flow (`/flows/{id}/status`) or batches (`/flow-statuses?ids=`). */
function watchStatusRequests(page) {
  const seen = { perFlow: 0, batches: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/v2\/flows\/\d+\/status$/.test(url.pathname)) seen.perFlow += 1;
    if (url.pathname === '/v2/flow-statuses') seen.batches.push((url.searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number));
  });
  return seen;
}

const service = await startLocalService(port);
// The floor is served by the same service, beside the dashboard, so it fetches from the same origin.
cpSync(new URL('flows-floor', import.meta.url), join(service.dataDir, 'dist', 'bench-floor'), { recursive: true });
const floorUrl = `${service.url}/bench-floor/index.html#key=${DEMO_KEY}`;
cpSync(new URL('flows-stack', import.meta.url), join(service.dataDir, 'dist', 'bench-stack'), { recursive: true });
const browser = await launchChromium();
const failures = [];
try {
  const seedStarted = Date.now();
  await seedFlows(service);
  console.log(`seeded ${String(FLOWS)} flows in ${ms(Date.now() - seedStarted)}`);

  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(watchFirstRow);
  await signIn(page, service.url);
  const stackModules = await firstScreenScripts(browser, service.url);
  if (stackModules.length === 0) throw new Error('a load of /flows fetched no script of the build');
  const stackUrl = `${service.url}/bench-stack/index.html#${new URLSearchParams([['key', DEMO_KEY], ...stackModules.map((path) => ['module', path])])}`;
  const figures = { floor: [], cold: [], inApp: [], floorKeys: [], appKeys: [], stack: [] };
  const loads = [];
  let statuses;
  let rows = 0;
  let frames = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(loadavg()[0]);
    figures.floor.push(await firstRowOfLoad(page, floorUrl));
    figures.floorKeys.push(median(await keystrokeLatencies(page, 'orders lake 0042')));
    figures.stack.push(await stackReady(page, stackUrl));
    const watched = watchStatusRequests(page);
    // Round 0 keeps the flows drawn (the floor page shares the dashboard's origin, hence its sessionStorage).
    await page.evaluate((track) => (track ? sessionStorage.setItem('bench-track-drawn', '1') : sessionStorage.removeItem('bench-track-drawn')), round === 0);
    figures.cold.push(await firstRowOfLoad(page, `${service.url}/flows`));
    if (round === 0) {
      await page.getByRole('table').getByText('Loading status').first().waitFor({ state: 'detached' });
      rows = await page.getByRole('table').locator('tbody tr:not([aria-hidden])').count();
      frames = await scrollThrough(page);
      statuses = { ...watched, batches: [...watched.batches], drawn: new Set(await page.evaluate(() => [...window.__bench.drawn])) };
    }
    figures.appKeys.push(median(await keystrokeLatencies(page, 'orders lake 0042')));
    figures.inApp.push(await firstRowInApp(page, service.url));
  }

  const floor = median(figures.floor);
  const floorKeys = median(figures.floorKeys);
  const stack = median(figures.stack);
  const line = (name, value, base, budgetMs, budgetRatio) => {
    const ratio = value / base;
    const missed = value > budgetMs || (budgetRatio !== undefined && ratio > budgetRatio);
    if (missed) failures.push(name);
    const budget = budgetRatio === undefined ? `≤ ${String(budgetMs)} ms` : `≤ ${String(budgetMs)} ms and ≤ ${String(budgetRatio)}×`;
    console.log(
      `  ${name.padEnd(46)} ${ms(value).padStart(7)}   floor ${ms(base).padStart(6)}   ratio ${ratio.toFixed(2)} (budget ${budget})${missed ? '  MISSED' : ''}`,
    );
  };
  const asked = statuses.batches.flat();
  console.log(
    `Flows list, ${String(FLOWS)} flows, Chromium, real local service; median of ${String(ROUNDS)} rounds; load ${loads.map((load) => load.toFixed(2)).join(', ')}:`,
  );
  line('navigation → first row, full page load', median(figures.cold), stack, BUDGET.firstRowMs, BUDGET.firstRowStackRatio);
  console.log(
    `    floor: the stack page, ${String(stackModules.length)} scripts of /flows fetched, compiled and run and the first page read, nothing drawn; plain-DOM page ${ms(floor)}`,
  );
  line('navigation → first row, from the overview', median(figures.inApp), floor, BUDGET.inAppMs);
  line('search keystroke → frame showing the result', median(figures.appKeys), floorKeys, BUDGET.keystrokeMs);
  console.log('    floor of these two: the plain-DOM page (its full load, its keystroke)');
  console.log(
    `    rounds: full load ${figures.cold.map(ms).join(', ')}; stack ${figures.stack.map(ms).join(', ')}; from the overview ${figures.inApp.map(ms).join(', ')}; plain DOM ${figures.floor.map(ms).join(', ')}`,
  );
  console.log(`    keystroke medians: ${figures.appKeys.map(ms).join(', ')}; floor ${figures.floorKeys.map(ms).join(', ')}`);
  console.log(`  rows in the DOM (virtualised): ${String(rows)}; scrolling 400 px per frame: median frame ${ms(median(frames))}, p95 ${ms(p95(frames))}`);
  console.log(
    `  status requests while loading and scrolling to the end: ${String(statuses.perFlow)} per flow, ${String(statuses.batches.length)} batches naming ${String(asked.length)} flows (${String(new Set(asked).size)} distinct; ${String(statuses.drawn.size)} rows drawn in all, scrolling included)`,
  );
  // Drawn rows only, in batches: no request per row, no batch beyond the cap, no flow asked whose row was never
  // drawn, and no more than three screenfuls asked (the first page's top, the whole list's top, the end; the
  // hundreds of rows drawn while scrolling ask nothing).
  const distinct = new Set(asked);
  const notDrawn = [...distinct].filter((id) => !statuses.drawn.has(id));
  if (statuses.perFlow > 0) failures.push('a status request per row');
  if (statuses.batches.length === 0 || statuses.batches.some((ids) => ids.length > STATUS_BATCH_MAX)) failures.push('status batches');
  if (notDrawn.length > 0) failures.push(`statuses of ${String(notDrawn.length)} flows whose rows were never drawn`);
  if (distinct.size > 3 * rows) failures.push(`statuses of ${String(distinct.size)} flows for ${String(rows)} rows in view`);
} finally {
  await browser.close();
  await service.stop();
}
if (failures.length > 0) {
  console.log(`Budget missed: ${failures.join('; ')}`);
  process.exit(1);
}
