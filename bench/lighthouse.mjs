// Lighthouse (mobile and desktop presets) on /sign-in, / and /flows of a production build served by the real
// local service with its demo data, so compression and caching are the service's own. Each audit runs in a
// fresh Chromium (empty cache); the figures are the median of BENCH_RUNS runs (3 by default).
//
// Floor: the same audit of a bare static page with the same title and head, served by the same service in the
// same run: what this machine and Lighthouse's throttling give a page with no script at all. LCP ÷ the floor's LCP
// says how much the dashboard adds. Fails when a page's performance is below its preset's minimum (desktop 0.95,
// mobile 0.85: a phone's throttled CPU and network) or its accessibility below 1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { DEMO_KEY, freePort, startLocalService } from './local-service.mjs';

const MIN_PERFORMANCE = { desktop: 0.95, mobile: 0.85 };
const MIN_ACCESSIBILITY = 1;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRESETS = { mobile: undefined, desktop: desktopConfig };
// BENCH_PAGES=/sign-in (comma-separated) audits only those pages, BENCH_PRESETS=mobile only that preset.
const PAGES = [
  { path: '/sign-in', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/flows', signedIn: true },
].filter(({ path }) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(path));
const FLOOR_FILE = 'lighthouse-floor.html';
// Lighthouse errors that say the trace was lost, not that the page failed: Chromium 156 now and then records no
// navigation start.
const TRACE_LOST = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

/** The session the dashboard keeps when "remember me" is ticked, set before the audit loads the page. */
async function storeSession(port, origin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/${FLOOR_FILE}`);
  await page.evaluate((token) => {
    localStorage.setItem('flowdeck.session', JSON.stringify({ token, baseUrl: '' }));
  }, DEMO_KEY);
  await page.close();
  await browser.close();
}

async function auditOnce(url, preset, signedIn, attempt) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    if (signedIn) await storeSession(chrome.port, new URL(url).origin);
    // Storage is kept (the session); the cache is empty anyway: this Chromium has just started.
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: signedIn };
    const { lhr } = await lighthouse(url, flags, PRESETS[preset]);
    if (lhr.runtimeError) {
      if (TRACE_LOST.has(lhr.runtimeError.code) && attempt < 3) return undefined;
      throw new Error(`${url}: ${lhr.runtimeError.message}`);
    }
    const audits = lhr.audits;
    return {
      finalUrl: lhr.finalDisplayedUrl,
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      lcp: audits['largest-contentful-paint'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      bytes: audits['total-byte-weight'].numericValue,
      failing: Object.values(audits)
        .filter(
          (entry) => entry.score !== null && entry.score < 1 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === entry.id && ref.weight > 0),
        )
        .map((entry) => entry.id),
    };
  } finally {
    chrome.kill();
  }
}

/** One audit; a run whose trace Chromium lost is run again (Lighthouse's own advice), up to three times. */
async function audit(url, preset, signedIn) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await auditOnce(url, preset, signedIn, attempt);
    if (result) return result;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianRun = (runs) => ({
  performance: median(runs.map((run) => run.performance)),
  accessibility: median(runs.map((run) => run.accessibility)),
  lcp: median(runs.map((run) => run.lcp)),
  fcp: median(runs.map((run) => run.fcp)),
  tbt: median(runs.map((run) => run.tbt)),
  bytes: median(runs.map((run) => run.bytes)),
  failing: [...new Set(runs.flatMap((run) => run.failing))],
  finalUrl: runs[0].finalUrl,
});
const ms = (value) => `${String(Math.round(value))} ms`;
const kib = (value) => `${(value / 1024).toFixed(0)} KiB`;

const service = await startLocalService(Number(process.env.BENCH_PORT ?? (await freePort())));
const misses = [];
try {
  writeFileSync(
    join(service.dataDir, 'dist', FLOOR_FILE),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
      '<meta name="description" content="Flowdeck: browse, share and monitor your data-movement pipelines." /><title>Flowdeck</title></head>' +
      '<body><main><h1>Sign in to Flowdeck</h1><p>Enter the API key of your workspace.</p></main></body></html>',
  );
  for (const preset of Object.keys(PRESETS).filter((name) => !process.env.BENCH_PRESETS || process.env.BENCH_PRESETS.split(',').includes(name))) {
    const floorRuns = [];
    for (let run = 0; run < RUNS; run += 1) floorRuns.push(await audit(`${service.url}/${FLOOR_FILE}`, preset, false));
    const floor = medianRun(floorRuns);
    console.log(
      `${preset}: floor (bare static page): performance ${String(floor.performance)}, LCP ${ms(floor.lcp)}, FCP ${ms(floor.fcp)}, ${kib(floor.bytes)}`,
    );
    for (const { path, signedIn } of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`${service.url}${path}`, preset, signedIn));
      const result = medianRun(runs);
      const landed = new URL(result.finalUrl).pathname;
      const problems = [];
      if (result.performance < MIN_PERFORMANCE[preset]) problems.push(`performance below ${String(MIN_PERFORMANCE[preset])}`);
      if (result.accessibility < MIN_ACCESSIBILITY) problems.push(`accessibility below ${String(MIN_ACCESSIBILITY)}: ${result.failing.join(', ')}`);
      if (landed !== path) problems.push(`landed on ${landed}`);
      if (problems.length > 0) misses.push(`${preset} ${path}: ${problems.join('; ')}`);
      console.log(
        `  ${path.padEnd(9)} performance ${result.performance.toFixed(2)} (minimum ${MIN_PERFORMANCE[preset].toFixed(2)}; runs ${runs.map((r) => r.performance.toFixed(2)).join(' ')}), ` +
          `accessibility ${result.accessibility.toFixed(2)}, LCP ${ms(result.lcp)} (floor ${ms(floor.lcp)}, ratio ${(result.lcp / floor.lcp).toFixed(2)}×), ` +
          `FCP ${ms(result.fcp)}, TBT ${ms(result.tbt)}, ${kib(result.bytes)} transferred${problems.length > 0 ? `  MISSED: ${problems.join('; ')}` : ''}`,
      );
    }
  }
} finally {
  await service.stop();
}
if (misses.length > 0) {
  console.error(`budget missed: ${misses.join(' | ')}`);
  process.exit(1);
}
