// The flows list with 10,000 flows in a real Chromium against the real local service: time from navigation to
// the first row, and how long a search keystroke takes to show its result. Prints figures, asserts nothing.
import { launchChromium, signIn, startLocalService } from './local-service.mjs';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 4376);
const WORDS = ['orders', 'customers', 'invoices', 'events', 'stock', 'payments', 'returns', 'leads'];
const TARGETS = ['warehouse', 'lake', 'reporting', 'archive'];
const SCHEDULES = [{ frequency: '1h' }, { frequency: '6h' }, { frequency: '24h' }, { frequency: 'manual' }, { cron: '0 3 * * *' }, { cron: '*/15 * * * *' }];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];
const ms = (value) => `${value.toFixed(0)} ms`;

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

async function firstRowAfter(page, action) {
  const started = Date.now();
  await action();
  await page.getByRole('table').getByRole('link').first().waitFor();
  return Date.now() - started;
}

/** Time from each keydown to the DOM showing the new match count, measured inside the page. */
async function keystrokeLatencies(page, text) {
  await page.evaluate(() => {
    const state = { pending: null, latencies: [] };
    window.__bench = state;
    const count = () => [...document.querySelectorAll('[role="status"]')].find((node) => /flows( match)?/.test(node.textContent ?? ''));
    new MutationObserver(() => {
      if (state.pending === null) return;
      state.latencies.push(performance.now() - state.pending);
      state.pending = null;
    }).observe(count(), { subtree: true, childList: true, characterData: true });
    document.addEventListener(
      'keydown',
      () => {
        state.pending = performance.now();
      },
      true,
    );
  });
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  for (const character of text) {
    await page.keyboard.type(character);
    await page.waitForTimeout(250);
  }
  return page.evaluate(() => window.__bench.latencies);
}

const service = await startLocalService(port);
const browser = await launchChromium();
try {
  const seedStarted = Date.now();
  await seedFlows(service);
  console.log(`seeded ${String(FLOWS)} flows in ${ms(Date.now() - seedStarted)}`);

  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(page, service.url);
  const results = { cold: [], inApp: [] };
  for (let round = 0; round < 3; round += 1) {
    // A full page load of /flows (bundle, session restore, all pages of the list, first paint of rows).
    results.cold.push(await firstRowAfter(page, () => page.goto(`${service.url}/flows`)));
    // From the overview, through the navigation, with the list not cached yet (a fresh load of the overview).
    await page.goto(`${service.url}/`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    results.inApp.push(
      await firstRowAfter(page, () => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Flows', exact: true }).click()),
    );
  }
  const rows = await page.getByRole('table').locator('tbody tr:not([aria-hidden])').count();
  const latencies = await keystrokeLatencies(page, 'orders lake 0042');
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

  console.log(`Flows list, ${String(FLOWS)} flows, Chromium, real local service (median of 3, then worst):`);
  console.log(`  navigation → first row, full page load:        ${ms(median(results.cold))} (worst ${ms(Math.max(...results.cold))})`);
  console.log(`  navigation → first row, from the overview:     ${ms(median(results.inApp))} (worst ${ms(Math.max(...results.inApp))})`);
  console.log(`  rows in the DOM (virtualised):                 ${String(rows)}`);
  console.log(
    `  search keystroke → result shown (${String(latencies.length)} keys that changed the matches): median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}, max ${ms(Math.max(...latencies))}`,
  );
  console.log(`  scrolling 400 px per frame: median frame ${ms(median(frames))}, p95 ${ms(p95(frames))}`);
} finally {
  await browser.close();
  await service.stop();
}
