// A flow's page with 10,000 flows and, for the flow opened, 10,000 attempts, in Chromium against the real local
// service (seeded by SQL): time from navigation to the attempts table's first row, on a full load of the page's
// address and on a click from the flows list inside the app. Beside a floor measured in the same run, the same
// way: a plain-DOM page reading the same flow and the same page of attempts (bench/flow-page-floor). The flow page
// reads only what it shows, so neither figure grows with the number of flows. Exits 1 when a budget is missed.
import { cpSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_KEY, launchChromium, signIn, startLocalService } from './local-service.mjs';
import { firstRowOfLoad, watchFirstRow } from './first-row.mjs';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 10_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 4378);
const ROUNDS = 3;
const BUDGET = { fullLoadMs: 600, inAppMs: 300 };
const TARGET = 'Bench flow page target';
/** The first attempt row: the dashboard's attempts table, or the floor page's. */
const FIRST_ROW = 'table[aria-label="Run attempts"] button[aria-label^="Open attempt"], #rows tr';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;

async function seed(service) {
  const { url } = JSON.parse(readFileSync(join(service.dataDir, 'postgres-running.json'), 'utf8'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ends = await client.query('SELECT (SELECT min(id) FROM sources) AS source, (SELECT min(id) FROM destinations) AS destination');
    const { source, destination } = ends.rows[0];
    // No next_run_at: the scheduler leaves them alone, so the figures measure only what was seeded.
    await client.query(
      `INSERT INTO flows (display_name, source_id, destination_id, frequency)
       SELECT 'Bench flow ' || lpad(i::text, 5, '0'), $1, $2, (ARRAY['1h', '6h', '24h', '15m'])[1 + i % 4] FROM generate_series(1, $3) AS i`,
      [source, destination, FLOWS - 1],
    );
    const target = await client.query("INSERT INTO flows (display_name, source_id, destination_id, frequency) VALUES ($1, $2, $3, '1h') RETURNING id", [
      TARGET,
      source,
      destination,
    ]);
    const flowId = target.rows[0].id;
    await client.query(
      `INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, errors, resources, created_at, completed_at)
       SELECT $1, 'scheduled', 'not_running', CASE WHEN i % 9 = 0 THEN 'failed' ELSE 'succeeded' END,
              CASE WHEN i % 9 = 0 THEN '["Connection reset"]'::jsonb ELSE '[]'::jsonb END,
              jsonb_build_array(jsonb_build_object('name', 'orders', 'extracted', 1000 + i * 7 % 5000, 'analyzed', 1000 + i * 7 % 5000, 'loaded', 1000 + i * 7 % 5000)),
              now() - (($2 + 1 - i) * interval '10 minutes'), now() - (($2 + 1 - i) * interval '10 minutes') + ((20 + i * 13 % 200) * interval '1 second')
       FROM generate_series(1, $2) AS i`,
      [flowId, ATTEMPTS],
    );
    return flowId;
  } finally {
    await client.end();
  }
}

/** From the flows list, filtered to the flow so its row is drawn, a click on its name. */
async function firstRowInApp(page, url) {
  await page.goto(`${url}/flows?q=${encodeURIComponent(TARGET)}`);
  const link = page.getByRole('table', { name: 'Flows' }).getByRole('link', { name: TARGET });
  await link.waitFor();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  await page.evaluate(() => (window.__bench.firstRowAt = null));
  await link.click();
  await page.waitForFunction(() => window.__bench.firstRowAt !== null);
  return page.evaluate(() => window.__bench.firstRowAt - window.__bench.clickAt);
}

const service = await startLocalService(port);
// Served by the same service, beside the dashboard, so it fetches from the same origin.
cpSync(new URL('flow-page-floor', import.meta.url), join(service.dataDir, 'dist', 'bench-flow-floor'), { recursive: true });
const browser = await launchChromium();
const failures = [];
try {
  const flowId = await seed(service);
  const floorUrl = `${service.url}/bench-flow-floor/index.html#key=${DEMO_KEY}&flow=${String(flowId)}`;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(watchFirstRow, FIRST_ROW);
  await signIn(page, service.url);
  // Which requests a full load of the page sends, once: the flows list must not be among them.
  const asked = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/v2/')) asked.push(`${pathname}${search}`);
  });
  await firstRowOfLoad(page, `${service.url}/flows/${String(flowId)}`);
  page.removeAllListeners('request');

  const figures = { floor: [], fullLoad: [], inApp: [] };
  const loads = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(loadavg()[0]);
    figures.floor.push(await firstRowOfLoad(page, floorUrl));
    figures.fullLoad.push(await firstRowOfLoad(page, `${service.url}/flows/${String(flowId)}`));
    figures.inApp.push(await firstRowInApp(page, service.url));
  }

  const floor = median(figures.floor);
  const line = (name, value, budgetMs) => {
    const missed = value > budgetMs;
    if (missed) failures.push(name);
    console.log(
      `  ${name.padEnd(44)} ${ms(value).padStart(7)}   floor ${ms(floor).padStart(6)}   ratio ${(value / floor).toFixed(2)} (budget ≤ ${String(budgetMs)} ms)${missed ? '  MISSED' : ''}`,
    );
  };
  console.log(
    `Flow page, ${String(FLOWS)} flows, ${String(ATTEMPTS)} attempts of the flow opened, Chromium, real local service; median of ${String(ROUNDS)} rounds; load ${loads.map((load) => load.toFixed(2)).join(', ')}:`,
  );
  line('navigation → first attempt row, full load', median(figures.fullLoad), BUDGET.fullLoadMs);
  line('navigation → first attempt row, from the list', median(figures.inApp), BUDGET.inAppMs);
  console.log('    floor: a plain-DOM page reading the same flow and page of attempts (its full load)');
  console.log(
    `    rounds: full load ${figures.fullLoad.map(ms).join(', ')}; from the list ${figures.inApp.map(ms).join(', ')}; floor ${figures.floor.map(ms).join(', ')}`,
  );
  const listReads = asked.filter((path) => path.startsWith('/v2/flows?'));
  console.log(`  requests of a full load: ${String(asked.length)}, of them reads of the flows list: ${String(listReads.length)}`);
  if (listReads.length > 0) failures.push('the flow page read the flows list');
} finally {
  await browser.close();
  await service.stop();
}
if (failures.length > 0) {
  console.log(`Budget missed: ${failures.join('; ')}`);
  process.exit(1);
}
