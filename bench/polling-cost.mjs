// Requests per minute a flow page makes to the service: while a run is running, while idle, and while the
// tab is hidden. Real Chromium against the real local service (demo data). The idle page is held to its
// budget (IDLE_BUDGET per minute): the heartbeat (GET /v2/run-changes, held by the service while nothing
// changes) replaces the idle views' own polling, so the bench exits 1 when an idle page asks more often.
// BENCH_SECONDS (default 60) sets each measuring window; a request is counted when it starts.
import { flowIdByName, launchChromium, signIn, startLocalService } from './local-service.mjs';

const windowMs = Number(process.env.BENCH_SECONDS ?? 60) * 1000;
const port = Number(process.env.BENCH_PORT ?? 4375);
const IDLE_BUDGET = 4.0;

async function countRequests(page, ms) {
  let count = 0;
  const paths = new Map();
  const listener = (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/v2/')) return;
    count += 1;
    paths.set(url.pathname, (paths.get(url.pathname) ?? 0) + 1);
  };
  page.on('request', listener);
  await page.waitForTimeout(ms);
  page.off('request', listener);
  return { perMinute: (count * 60_000) / ms, paths };
}

function setHidden(page, hidden) {
  return page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

const print = (label, { perMinute, paths }) => {
  const detail = [...paths].map(([path, n]) => `${path} ×${String(n)}`).join(', ');
  console.log(`${label.padEnd(34)} ${perMinute.toFixed(1).padStart(6)} requests/min   (${detail || 'none'})`);
};

const service = await startLocalService(port);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await signIn(page, service.url);
  const idleId = await flowIdByName(service, 'Shop orders to files');
  const bigId = await flowIdByName(service, 'Large sample backfill');

  // Idle: a flow whose last attempt ended long ago, opened without any click (no boost).
  await page.goto(`${service.url}/flows/${String(idleId)}`);
  await page.getByRole('heading', { name: 'Latest attempt' }).waitFor();
  await page.waitForTimeout(3_000);
  const idle = await countRequests(page, windowMs);

  // Running: the large backfill (1M rows at 20k rows/s, about 50 s), started from the page.
  await page.goto(`${service.url}/flows/${String(bigId)}`);
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('region', { name: 'Latest attempt' }).getByText('Running', { exact: true }).waitFor();
  const runningWindow = Math.min(windowMs, 40_000);
  const running = await countRequests(page, runningWindow);

  // Hidden: the same running flow, tab hidden.
  await service.api(`/v2/flows/${String(bigId)}/cancel`, { method: 'POST' });
  await page.reload();
  await page.getByRole('button', { name: 'Run now' }).click();
  await page.getByRole('region', { name: 'Latest attempt' }).getByText('Running', { exact: true }).waitFor();
  await setHidden(page, true);
  const hidden = await countRequests(page, Math.min(windowMs, 40_000));
  await setHidden(page, false);
  await service.api(`/v2/flows/${String(bigId)}/cancel`, { method: 'POST' });

  console.log(`Flow page, Chromium, real local service (${String(windowMs / 1000)} s windows; running and hidden at most 40 s, while the 1M-row run lasts):`);
  print('while a run is running', running);
  print('idle (nothing running, no click)', idle);
  print('tab hidden while a run is running', hidden);
  const ratio = idle.perMinute / IDLE_BUDGET;
  console.log(`idle budget ${IDLE_BUDGET.toFixed(1)} requests/min: ${idle.perMinute.toFixed(1)} is ${ratio.toFixed(2)}× the budget`);
  if (idle.perMinute > IDLE_BUDGET) {
    console.error(`Over budget: an idle flow page made ${idle.perMinute.toFixed(1)} requests/min (budget ${IDLE_BUDGET.toFixed(1)}).`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await service.stop();
}
