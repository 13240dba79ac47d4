import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { expectNoSeriousAxeViolations } from './axe';

// The promise, end to end in the dashboard against the real service: a new user uploads a CSV
// file as a source, makes a DuckDB destination in the service's files folder (nothing to configure
// first), verifies it, makes a flow, runs it, watches the counts rise without reloading, and finds the
// rows in the DuckDB file. Only the checks on the DuckDB file happen outside the browser.

const FILE_ROWS = 300;
/** Served over HTTP in slices with pauses, so the run lasts a few seconds and its counts can be seen rising. */
const LIVE_ROWS = 40_000;
const LIVE_SLICE_ROWS = 5_000; // the CSV source's batch size: each slice completes one batch
const LIVE_SLICE_PAUSE_MS = 700;

function csvRows(count: number): string[] {
  const rows = ['id,customer,amount,paid,created_at'];
  for (let id = 1; id <= count; id += 1) {
    const created = new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString();
    rows.push(`${String(id)},customer ${String(id % 37)},${(id * 1.25).toFixed(2)},${String(id % 3 !== 0)},${created}`);
  }
  return rows;
}

/** A CSV over HTTP that arrives slice by slice, like a slow export would. */
function startTrickleServer(): Promise<Server> {
  const [header, ...rows] = csvRows(LIVE_ROWS);
  const server = createServer((request, response) => {
    if (request.url !== '/live_orders.csv') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/csv' });
    response.write(`${header ?? ''}\n`);
    let next = 0;
    const sendSlice = () => {
      if (response.destroyed) return;
      const slice = rows.slice(next, next + LIVE_SLICE_ROWS);
      next += LIVE_SLICE_ROWS;
      if (slice.length === 0) {
        response.end();
        return;
      }
      response.write(`${slice.join('\n')}\n`);
      setTimeout(sendSlice, LIVE_SLICE_PAUSE_MS);
    };
    sendSlice();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(server);
    });
  });
}

/** The rows of a flow's table: each flow writes into a namespace (a DuckDB schema) of its own, named after it. */
async function countRows(databaseFile: string, namespace: string, table: string): Promise<{ rows: number; sample: Record<string, unknown> | undefined }> {
  const instance = await DuckDBInstance.create(databaseFile, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    try {
      const count = await connection.runAndReadAll(`SELECT count(*)::INTEGER AS rows FROM "${namespace}"."${table}"`);
      const sample = await connection.runAndReadAll(
        `SELECT id::INTEGER AS id, customer, amount::DOUBLE AS amount, paid FROM "${namespace}"."${table}" WHERE id = 3`,
      );
      return { rows: Number(count.getRowObjects()[0]?.rows), sample: sample.getRowObjects()[0] };
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** Picks an option of a Mantine select (a combobox) by typing part of its label. */
async function choose(page: Page, label: string, search: string, option: RegExp | string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** Sources → New source → CSV file → Create: leaves the page at the configuration step. */
async function startCsvSource(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sources', exact: true }).click();
  await page.getByRole('link', { name: 'New source' }).click();
  await page.getByRole('searchbox', { name: 'Search source specs' }).fill('CSV');
  await page.getByRole('radio', { name: 'CSV file' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create source' }).click();
}

async function saveSource(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function createCsvSource(page: Page, name: string, location: string) {
  await startCsvSource(page, name);
  await page.getByRole('textbox', { name: /^File path or URL/ }).fill(location);
  await saveSource(page, name);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** From the source's page: its Flows tab offers a new flow with the source already chosen. */
async function createFlowFromSource(page: Page, name: string, source: string, destination: string) {
  await page.getByRole('tab', { name: 'Flows' }).click();
  await page.getByRole('link', { name: '+ New flow from this source' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New flow' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue(source);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await choose(page, 'Destination', destination, destination);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Create flow' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('This flow has never run.')).toBeVisible();
}

function latestAttempt(page: Page) {
  return page.getByRole('region', { name: 'Latest attempt' });
}

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** The e2e service's allowed folder: connectors read and write there without any setting. */
function serviceFilesFolder(): string {
  const dataDir = process.env.FLOWDECK_E2E_DATA_DIR;
  if (!dataDir) throw new Error('FLOWDECK_E2E_DATA_DIR is not set: run this spec through playwright.config.ts.');
  return join(dataDir, 'files');
}

let trickle: Server | undefined;

test.beforeAll(async () => {
  trickle = await startTrickleServer();
});

test.afterAll(async () => {
  const server = trickle;
  if (server) await new Promise((resolve) => server.close(resolve));
});

test('a new user moves CSV rows into a DuckDB file from the dashboard and watches the run live', async ({ page }) => {
  test.setTimeout(180_000);
  const filesFolder = serviceFilesFolder();
  const databaseFile = join(filesFolder, 'warehouse.duckdb');
  const liveUrl = `http://127.0.0.1:${String((trickle?.address() as AddressInfo).port)}/live_orders.csv`;

  await page.goto('/');
  await signIn(page);

  await test.step('create a CSV source by uploading the file', async () => {
    await startCsvSource(page, 'Orders CSV');
    const zone = page.getByRole('button', { name: 'Upload a CSV file' });
    await expect(zone).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csvRows(FILE_ROWS).join('\n')}\n`) });
    await expect(page.getByText('Uploaded “orders.csv”')).toBeVisible();
    const uploaded = new RegExp(`^${escapeRegExp(join(filesFolder, 'uploads'))}/[0-9a-f]{24}/orders\\.csv$`);
    await expect(page.getByRole('textbox', { name: /^File path or URL/ })).toHaveValue(uploaded);
    await saveSource(page, 'Orders CSV');
  });

  await test.step('create a DuckDB destination and verify it', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Destinations', exact: true }).click();
    await page.getByRole('link', { name: 'New destination' }).click();
    await page.getByRole('radio', { name: 'DuckDB' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Local warehouse');
    await page.getByRole('button', { name: 'Create destination' }).click();
    await page.getByRole('textbox', { name: /^Database file/ }).fill(databaseFile);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Local warehouse' })).toBeVisible();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /checks passed/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('list', { name: 'Verification results' })).not.toContainText('Error');
  });

  await test.step('make a flow, run it, and see it succeed without reloading', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sources', exact: true }).click();
    await page.getByRole('link', { name: 'Orders CSV', exact: true }).click();
    await createFlowFromSource(page, 'Orders CSV to warehouse', 'Orders CSV', 'Local warehouse');
    await page.getByRole('button', { name: 'Run now' }).click();
    const latest = latestAttempt(page);
    await expect(latest.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
    await expect(latest.getByLabel('orders: loaded 300 rows')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('row')).toHaveCount(2);
  });

  await test.step('find the rows in the DuckDB file', async () => {
    const { rows, sample } = await countRows(databaseFile, 'orders_csv_to_warehouse', 'orders');
    expect(rows).toBe(FILE_ROWS);
    expect(sample).toEqual({ id: 3, customer: 'customer 3', amount: 3.75, paid: false });
  });

  await test.step('watch the counts of a slower run rise live', async () => {
    await createCsvSource(page, 'Live orders over HTTP', liveUrl);
    await createFlowFromSource(page, 'Live orders to warehouse', 'Live orders over HTTP', 'Local warehouse');
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });
    await page.getByRole('button', { name: 'Run now' }).click();

    const latest = latestAttempt(page);
    // While it runs the funnel gives counts, not bars (no total is known yet): the resource's Extracted cell.
    const extracted = latest
      .getByRole('table', { name: 'Rows per resource' })
      .getByRole('row', { name: /^live_orders / })
      .getByRole('cell')
      .nth(1);
    const seenWhileRunning = new Set<number>();
    await expect
      .poll(
        async () => {
          const running = await latest.getByText('Running', { exact: true }).isVisible();
          if (running && (await extracted.count()) > 0) seenWhileRunning.add(digits(await extracted.textContent()));
          return latest.getByText('Succeeded').isVisible();
        },
        { timeout: 60_000, intervals: [200] },
      )
      .toBe(true);

    test.info().annotations.push({ type: 'extracted counts seen while running', description: [...seenWhileRunning].join(', ') });
    const partial = [...seenWhileRunning].filter((count) => count > 0 && count < LIVE_ROWS);
    expect(partial.length, `counts seen while running: ${[...seenWhileRunning].join(', ')}`).toBeGreaterThanOrEqual(2);
    await expect(latest.getByLabel(`live_orders: loaded ${LIVE_ROWS.toLocaleString('en-US')} rows`)).toBeVisible();
    expect(reloads).toEqual([]);

    const { rows } = await countRows(databaseFile, 'live_orders_to_warehouse', 'live_orders');
    expect(rows).toBe(LIVE_ROWS);
  });
});
