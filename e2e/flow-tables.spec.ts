import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { DEMO_KEY, signIn } from './sign-in';

// Issue 29 in the dashboard, against the real service: a flow's Tables section shows how each table is kept;
// orders is switched to incremental, deduplicated by its own key with id as the cursor; the first run keeps
// every order and saves the cursor, the second reads nothing past it and counts no row twice; a reset forgets
// the cursor without running; a re-sync reads in full and replaces the table. The DuckDB file is checked
// outside the browser: it holds each order once throughout.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };
/** The sample source's rows: 20% customers, 5% products, 75% orders (ids 1 … 150). */
const ROWS = 200;
const ORDERS = 150;
const FLOW = 'Tables e2e';
const TABLE = 'tables_e2e.orders';

function serviceFilesFolder(): string {
  const dataDir = process.env.FLOWDECK_E2E_DATA_DIR;
  if (!dataDir) throw new Error('FLOWDECK_E2E_DATA_DIR is not set: run this spec through playwright.config.ts.');
  return join(dataDir, 'files');
}

const idOf = async (answer: Awaited<ReturnType<APIRequestContext['post']>>) => {
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: { id: number } }).data.id;
};

/** A quick sample source, a DuckDB file in the service's folder and a manual flow between them, made through the API. */
async function createFlow(request: APIRequestContext, databaseFile: string): Promise<number> {
  const source = await idOf(
    await request.post('/v2/sources', { headers, data: { sourceSpec: 'sample', displayName: 'Tables e2e sample', properties: { row_count: ROWS, seed: 3 } } }),
  );
  const destination = await idOf(
    await request.post('/v2/destinations', {
      headers,
      data: { destinationSpec: 'duckdb', displayName: 'Tables e2e warehouse', properties: { path: databaseFile } },
    }),
  );
  // Discovery (started by the source's creation) tells the columns the cursor picker offers.
  await expect
    .poll(
      async () => {
        const answer = (await (await request.get(`/v2/sources/${String(source)}/resolvers`, { headers })).json()) as {
          data: { resolvers: { name: string; cursorCandidates?: string[] }[] };
        };
        return answer.data.resolvers.find((resolver) => resolver.name === 'orders')?.cursorCandidates ?? [];
      },
      { timeout: 20_000 },
    )
    .toContain('id');
  return idOf(await request.post('/v2/flows', { headers, data: { displayName: FLOW, source, destination, frequency: 'manual' } }));
}

async function ordersIn(databaseFile: string): Promise<{ rows: number; distinct: number }> {
  const instance = await DuckDBInstance.create(databaseFile, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(`SELECT count(*)::INTEGER AS rows, count(DISTINCT id)::INTEGER AS "distinct" FROM tables_e2e.orders`);
      const [row] = reader.getRowObjects();
      return { rows: Number(row?.rows), distinct: Number(row?.distinct) };
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** The cells of the orders table's row: table, mode, cursor field, key, saved cursor, last run. */
const ordersRow = (page: Page): Locator => page.getByRole('table', { name: 'Tables of this flow' }).getByRole('row').filter({ hasText: TABLE });
const cell = (page: Page, index: number) => ordersRow(page).getByRole('cell').nth(index);

/** Runs the flow from its page and waits for the attempt to succeed. */
async function runOnce(page: Page, runs: number) {
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('row')).toHaveCount(runs + 1, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Latest attempt' }).getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
}

/** A dialog once its opening transition is over (axe would measure colours half faded in). */
async function settled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

test('a flow’s tables: incremental with a key, two runs without duplicates, reset and re-sync', async ({ page, request }) => {
  test.setTimeout(180_000);
  const databaseFile = join(serviceFilesFolder(), 'tables-e2e.duckdb');
  const flowId = await createFlow(request, databaseFile);
  await page.goto(`/flows/${String(flowId)}`);
  await signIn(page);
  const section = page.getByRole('region', { name: 'Tables' });

  await test.step('every table is replaced at each run until told otherwise', async () => {
    await expect(ordersRow(page)).toBeVisible();
    await expect(cell(page, 1)).toHaveText(/^Full refresh, overwrite/);
    await expect(cell(page, 4)).toHaveText('Not used by this mode');
    await expectNoSeriousAxeViolations(page);
  });

  await test.step('choose incremental, deduplicated with id as the cursor and the table’s own key', async () => {
    await page.getByRole('button', { name: 'Edit how orders is kept' }).click();
    const form = page.getByRole('form', { name: 'How orders is kept' });
    await form.getByRole('combobox', { name: 'Mode' }).click();
    // The files destination's refusal does not apply here: DuckDB keeps one row per key.
    await page.getByRole('option', { name: /^Incremental, deduplicated/ }).click();
    await form.getByRole('combobox', { name: 'Cursor field' }).click();
    await page.getByRole('option', { name: 'id', exact: true }).click();
    await expect(form.getByRole('combobox', { name: 'Primary key' })).toHaveAttribute('placeholder', 'Its own: id');
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(cell(page, 1)).toHaveText(/^Incremental, deduplicated/);
    await expect(cell(page, 2)).toHaveText('id');
    await expect(cell(page, 3)).toHaveText('idthe table’s own');
    await expect(cell(page, 4)).toHaveText('None yet: the next run reads every row');
  });

  await test.step('the first run keeps every order and saves the cursor it reached', async () => {
    await runOnce(page, 1);
    await expect(cell(page, 5)).toHaveText(new RegExp(`^${String(ORDERS)} loaded`), { timeout: 15_000 });
    await expect(cell(page, 4)).toHaveText(new RegExp(`^${String(ORDERS)}advanced`));
    expect(await ordersIn(databaseFile)).toEqual({ rows: ORDERS, distinct: ORDERS });
  });

  await test.step('the second run reads nothing past the cursor and counts no row twice', async () => {
    await runOnce(page, 2);
    await expect(cell(page, 5)).toHaveText(/^0 loaded/, { timeout: 15_000 });
    await expect(cell(page, 4)).toHaveText(new RegExp(`^${String(ORDERS)}advanced`));
    expect(await ordersIn(databaseFile)).toEqual({ rows: ORDERS, distinct: ORDERS });
  });

  await test.step('reset forgets the cursor and runs nothing', async () => {
    await page.getByRole('button', { name: 'Reset the state of orders' }).click();
    const dialog = await settled(page, 'Reset the state of orders?');
    await expect(dialog).toContainText(`Nothing runs now, and ${TABLE} keeps its rows.`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Reset state' }).click();
    await expect(section.getByRole('status')).toHaveText('State of orders reset: its next run reads it in full.');
    await expect(cell(page, 4)).toHaveText('None yet: the next run reads every row');
    await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('row')).toHaveCount(3);
  });

  await test.step('re-sync reads in full, replaces the table and saves the cursor again', async () => {
    await page.getByRole('button', { name: 'Re-sync orders' }).click();
    const dialog = await settled(page, 'Re-sync orders?');
    await expect(dialog).toContainText(`replaces ${TABLE} when it finishes`);
    await dialog.getByRole('button', { name: 'Re-sync' }).click();
    await expect(section.getByRole('status')).toHaveText('Re-sync started: the run reads in full and replaces the tables when it finishes.');
    await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('row')).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Latest attempt' }).getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
    await expect(cell(page, 5)).toHaveText(new RegExp(`^${String(ORDERS)} loaded`), { timeout: 15_000 });
    await expect(cell(page, 4)).toHaveText(new RegExp(`^${String(ORDERS)}advanced`));
    expect(await ordersIn(databaseFile)).toEqual({ rows: ORDERS, distinct: ORDERS });
  });
});
