// npm run bench:runs-page — the Runs page with 1,000,000 attempts across 10,000 flows (seeded by SQL), in
// Chromium against the real local service: time from a click on "Runs" in the navigation (from the Sources
// page) to the first row of its table. Beside a floor measured in the same run, the same way: a plain-DOM page
// reading the same first page of GET /v2/runs (bench/runs-page-floor), its full load. Budget: ≤ 300 ms after
// in-app navigation; exits 1 when missed. The machine is shared: the load average is printed with the figures.
import { cpSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_KEY, launchChromium, signIn, startLocalService } from './local-service.mjs';
import { firstRowOfLoad, watchFirstRow } from './first-row.mjs';

const FLOWS = 10_000;
const ATTEMPTS_PER_FLOW = 100;
const port = Number(process.env.BENCH_PORT ?? 4379);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET_MS = 300;
/** The first run row: the dashboard's table, or the floor page's. */
const FIRST_ROW = 'table[aria-label="Runs"] tbody tr';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;

/** 10,000 flows of 100 attempts each over the last 100 days, every tenth failed; numbered here (the per-row trigger would take minutes). */
async function seed(service) {
  const { url } = JSON.parse(readFileSync(join(service.dataDir, 'postgres-running.json'), 'utf8'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ends = await client.query('SELECT (SELECT min(id) FROM sources) AS source, (SELECT min(id) FROM destinations) AS destination');
    const { source, destination } = ends.rows[0];
    // Manual flows: the scheduler leaves them alone, so the figures measure only what was seeded.
    await client.query(
      `INSERT INTO flows (display_name, source_id, destination_id, frequency, attempts_numbered)
       SELECT 'Bench flow ' || lpad(i::text, 5, '0'), $1, $2, 'manual', $4 FROM generate_series(1, $3) AS i`,
      [source, destination, FLOWS, ATTEMPTS_PER_FLOW],
    );
    await client.query('ALTER TABLE run_attempts DISABLE TRIGGER run_attempts_number');
    await client.query(
      `INSERT INTO run_attempts (flow_id, number, trigger, lifecycle, disposition, resources, errors, created_at, completed_at)
       SELECT f.id, k, CASE WHEN k % 7 = 0 THEN 'manual' ELSE 'scheduled' END, 'not_running',
              CASE WHEN (f.id + k) % 10 = 0 THEN 'failed' ELSE 'succeeded' END,
              CASE WHEN (f.id + k) % 10 = 0 THEN NULL ELSE '[{"name": "orders", "extracted": 100, "analyzed": 100, "loaded": 100}]'::jsonb END,
              '[]', now() - ((k * 10000 + f.id) * interval '864 milliseconds') - interval '1 hour',
              now() - ((k * 10000 + f.id) * interval '864 milliseconds') - interval '1 hour' + interval '9 seconds'
         FROM (SELECT id FROM flows WHERE display_name LIKE 'Bench flow %') f, generate_series(1, $1) AS k`,
      [ATTEMPTS_PER_FLOW],
    );
    await client.query('ALTER TABLE run_attempts ENABLE TRIGGER run_attempts_number');
    await client.query('VACUUM ANALYZE');
    const { rows } = await client.query('SELECT count(*)::int AS n FROM run_attempts');
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** From the Sources page, a click on Runs in the navigation. */
async function firstRowInApp(page, url) {
  await page.goto(`${url}/sources`);
  await page.getByRole('heading', { level: 1, name: 'Sources' }).waitFor();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  await page.evaluate(() => (window.__bench.firstRowAt = null));
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Runs' }).click();
  await page.waitForFunction(() => window.__bench.firstRowAt !== null);
  return page.evaluate(() => window.__bench.firstRowAt - window.__bench.clickAt);
}

const service = await startLocalService(port);
// Served by the same service, beside the dashboard, so it fetches from the same origin.
cpSync(new URL('runs-page-floor', import.meta.url), join(service.dataDir, 'dist', 'bench-runs-floor'), { recursive: true });
const browser = await launchChromium();
let failed;
try {
  const seeding = performance.now();
  const attempts = await seed(service);
  const seededIn = (performance.now() - seeding) / 1000;
  const floorUrl = `${service.url}/bench-runs-floor/index.html#key=${DEMO_KEY}`;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(watchFirstRow, FIRST_ROW);
  await signIn(page, service.url);
  const figures = { floor: [], inApp: [] };
  const loads = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(loadavg()[0]);
    figures.floor.push(await firstRowOfLoad(page, floorUrl));
    figures.inApp.push(await firstRowInApp(page, service.url));
  }
  const floor = median(figures.floor);
  const inApp = median(figures.inApp);
  failed = inApp > BUDGET_MS;
  console.log(
    `Runs page, ${attempts.toLocaleString('en')} attempts across ${FLOWS.toLocaleString('en')} flows (seeded in ${seededIn.toFixed(0)} s), Chromium, real local service; median of ${String(ROUNDS)} rounds; load ${loads.map((load) => load.toFixed(2)).join(', ')}:`,
  );
  console.log(
    `  click on Runs → first run row (in the app)   ${ms(inApp).padStart(7)}   floor ${ms(floor).padStart(6)}   ratio ${(inApp / floor).toFixed(2)} (budget ≤ ${String(BUDGET_MS)} ms)${failed ? '  MISSED' : ''}`,
  );
  console.log('    floor: a plain-DOM page reading the same first page of GET /v2/runs (its full load)');
  console.log(`    rounds: in the app ${figures.inApp.map(ms).join(', ')}; floor ${figures.floor.map(ms).join(', ')}`);
} finally {
  await browser.close();
  await service.stop();
}
process.exit(failed ? 1 : 0);
