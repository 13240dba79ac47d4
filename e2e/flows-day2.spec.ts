import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { DEMO_KEY, signIn } from './sign-in';

// Day-2 control of flows against the real service: edit a schedule, pause (its scheduler really skips the
// flow), delete, and pause several flows at once. The scheduler looks every 5 s; a cron with a seconds field
// (`*/5 * * * * *`, which the service's cron reader accepts) makes a flow due every 5 s, so a scheduled run
// shows within seconds, not minutes.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };

interface Attempt {
  trigger: string;
  lifecycle: string;
}

/** Flows on a small, quick sample source into the demo's JSON-lines folder, made through the API like any client. */
async function createFlows(request: APIRequestContext, names: string[]): Promise<number[]> {
  const source = await request.post('/v2/sources', {
    headers,
    data: { sourceSpec: 'sample', displayName: `Quick ${names[0] ?? ''}`, properties: { row_count: 20 } },
  });
  expect(source.status()).toBe(201);
  const sourceId = ((await source.json()) as { data: { id: number } }).data.id;
  const destinations = (await (await request.get('/v2/destinations', { headers })).json()) as { data: { id: number; displayName: string }[] };
  const destination = destinations.data.find((candidate) => candidate.displayName === 'Local files (JSON lines)')?.id;
  const ids: number[] = [];
  for (const name of names) {
    const flow = await request.post('/v2/flows', { headers, data: { displayName: name, source: sourceId, destination, frequency: 'manual' } });
    expect(flow.status()).toBe(201);
    ids.push(((await flow.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

async function attemptsOf(request: APIRequestContext, flowId: number): Promise<Attempt[]> {
  return ((await (await request.get(`/v2/flows/${String(flowId)}/run`, { headers })).json()) as { data: Attempt[] }).data;
}

async function openFlow(page: Page, flowId: number, name: string) {
  await page.goto(`/flows/${String(flowId)}`);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A dialog once its opening transition is over (axe would measure colours half faded in). */
async function settled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

async function editCron(page: Page, cron: string) {
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit flow' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: 'Cron expression' }).check();
  await form.getByRole('textbox', { name: 'Cron expression' }).fill(cron);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('form', { name: 'Edit flow' })).toHaveCount(0);
}

test('editing a flow’s schedule changes its next runs', async ({ page, request }) => {
  const name = `Edited schedule ${String(Date.now())}`;
  const [flowId = 0] = await createFlows(request, [name]);
  await openFlow(page, flowId, name);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule).toContainText('Manual only');

  await editCron(page, '30 4 * * *');
  await expect(schedule.getByText('30 4 * * *')).toBeVisible();
  await expect(schedule.getByRole('listitem')).toHaveCount(5);
  for (const run of await schedule.getByRole('listitem').allInnerTexts()) expect(run).toMatch(/04:30/);

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Cron expression' })).toHaveValue('30 4 * * *');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('textbox', { name: 'Cron expression' }).fill('15 22 * * 1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(schedule.getByText('15 22 * * 1')).toBeVisible();
  for (const run of await schedule.getByRole('listitem').allInnerTexts()) expect(run).toMatch(/Mon.*22:15/);
});

test('a paused flow does not run on its schedule but runs by hand, and is deleted after a dialog that names it', async ({ page, request }) => {
  test.slow();
  const name = `Every five seconds ${String(Date.now())}`;
  const [flowId = 0] = await createFlows(request, [name]);
  await openFlow(page, flowId, name);
  await editCron(page, '*/5 * * * * *');

  // The scheduler starts it on its own within seconds.
  await expect
    .poll(async () => (await attemptsOf(request, flowId)).filter((attempt) => attempt.trigger === 'scheduled').length, { timeout: 20_000 })
    .toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Paused: no scheduled runs until you resume it.')).toBeVisible();
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule.getByText('Paused', { exact: true })).toBeVisible();
  await expect.poll(async () => (await attemptsOf(request, flowId)).every((attempt) => attempt.lifecycle === 'not_running'), { timeout: 15_000 }).toBe(true);
  const before = (await attemptsOf(request, flowId)).length;
  // Three scheduler passes, each of which would have started it.
  await page.waitForTimeout(16_000);
  expect(await attemptsOf(request, flowId)).toHaveLength(before);

  // Run now still works on a paused flow.
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run started.')).toBeVisible();
  await expect.poll(async () => (await attemptsOf(request, flowId))[0]?.trigger).toBe('manual');
  expect(await attemptsOf(request, flowId)).toHaveLength(before + 1);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('row').nth(1)).toContainText(/manual/i);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = await settled(page, `Delete the flow “${name}”?`);
  await expect(dialog.getByText('No workflow runs it.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete flow' }).click();
  await expect(page).toHaveURL(/\/flows$/);
  expect((await request.get(`/v2/flows/${String(flowId)}/run`, { headers })).status()).toBe(404);
});

test('three flows are paused at once, with one summary', async ({ page, request }) => {
  // Not digits alone: the router would read `q=123` as a number.
  const stamp = `b${String(Date.now())}`;
  const names = ['Alpha', 'Bravo', 'Charlie'].map((word) => `Bulk ${word} ${stamp}`);
  const ids = await createFlows(request, names);
  await page.goto(`/flows?q=${stamp}`);
  await signIn(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('link')).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Select all 3 listed flows' }).check();
  const bar = page.getByRole('region', { name: 'Selected flows' });
  await expect(bar).toContainText('3 selected');
  await expectNoSeriousAxeViolations(page);
  await bar.getByRole('button', { name: 'Pause' }).click();

  const summary = page.getByRole('status').filter({ hasText: 'Paused 3 of 3 flows' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveText(names.map((name) => `${name}: paused`));
  // Each row says it twice: in its schedule and in its freshness.
  await expect(table.getByText('Paused', { exact: true })).toHaveCount(6);
  await expectNoSeriousAxeViolations(page);
  for (const id of ids) {
    const flows = (await (await request.get('/v2/flows', { headers })).json()) as { data: { id: number; paused: boolean }[] };
    expect(flows.data.find((flow) => flow.id === id)?.paused).toBe(true);
  }

  // The Paused filter lists them; a reload keeps it (it is in the URL).
  await page.goto(`/flows?q=${stamp}&schedule=paused`);
  await expect(table.getByRole('link')).toHaveCount(3);

  // Deleted together, after a dialog naming them.
  await page.getByRole('checkbox', { name: 'Select all 3 listed flows' }).check();
  await page.getByRole('region', { name: 'Selected flows' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = await settled(page, 'Delete 3 flows?');
  await expect(dialog.getByRole('listitem')).toHaveText(names);
  await expect(dialog.getByText('No workflow runs them.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete 3 flows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 3 of 3 flows' })).toBeVisible();
  await expect(table).toHaveCount(0);
});
