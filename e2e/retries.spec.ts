import { createServer, type Server } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { DEMO_KEY, signIn } from './sign-in';

// Issue 31 in Chromium against the real service: retries shown on a flow that fails twice then succeeds, a
// workflow re-run from its failed step, and a one-minute cron whose attempt starts when its next run said.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };
const unique = () => `${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}`;

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers, data });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: T }).data;
}

interface Attempt {
  id: number;
  number: number;
  retryNumber: number;
  lifecycle: string;
  disposition: string;
  createdAt: string;
}

async function attemptsOf(request: APIRequestContext, flowId: number): Promise<Attempt[]> {
  const answer = await request.get(`/v2/flows/${String(flowId)}/run?limit=20`, { headers });
  return ((await answer.json()) as { data: Attempt[] }).data;
}

/** A REST API that answers 500 until `heal()`, then one record. */
async function flakyApi(): Promise<{ url: string; heal: () => void; close: () => Promise<void>; server: Server }> {
  let healthy = false;
  const server = createServer((_request, response) => {
    if (healthy) response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"items":[{"id":1,"name":"one"}]}');
    else response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"down"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    heal: () => {
      healthy = true;
    },
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
    server,
  };
}

async function flakyFlow(request: APIRequestContext, name: string, apiUrl: string, retries?: unknown) {
  const source = await post<{ id: number }>(request, '/v2/sources', {
    sourceSpec: 'rest_api',
    displayName: `${name} API`,
    properties: { base_url: apiUrl, endpoints: '/items', token: 'e2e-token', pagination: 'none' },
  });
  const destination = await post<{ id: number }>(request, '/v2/destinations', {
    destinationSpec: 'files',
    displayName: `${name} files`,
    properties: { bucket_url: `e2e-retries-${unique()}`, format: 'jsonl' },
  });
  return post<{ id: number }>(request, '/v2/flows', {
    displayName: name,
    source: source.id,
    destination: destination.id,
    frequency: 'manual',
    ...(retries ? { retries } : {}),
  });
}

test('a flow that fails twice then succeeds shows its retries', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await flakyApi();
  try {
    const name = `E2E flaky ${unique()}`;
    const flow = await flakyFlow(request, name, api.url, { attempts: 2, backoff: 'fixed', delaySeconds: 6, maxDelaySeconds: 6 });
    await page.goto(`/flows/${String(flow.id)}`);
    await signIn(page);
    await page.getByRole('button', { name: 'Run now' }).click();
    // The first retry has failed: the API mends before the second.
    await expect(async () => {
      const attempts = await attemptsOf(request, flow.id);
      expect(attempts.some((attempt) => attempt.retryNumber === 1 && attempt.disposition === 'failed')).toBe(true);
    }).toPass({ timeout: 60_000, intervals: [250] });
    api.heal();
    const table = page.getByRole('table', { name: 'Run attempts' });
    await expect(table.getByRole('row').filter({ hasText: 'Retry 2 of 2 of #2' })).toBeVisible({ timeout: 40_000 });
    await expect(table.getByRole('row').filter({ hasText: 'Retry 1 of 2 of #1' })).toBeVisible();
    const third = table.getByRole('row').filter({ hasText: 'Retry 2 of 2 of #2' });
    await expect(third.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
    await expect(table.getByRole('row').filter({ hasText: 'Retry 1 of 2 of #1' }).getByText('Failed')).toBeVisible();
    await shoot(page, 'flow-retries');
    await expectNoSeriousAxeViolations(page);
  } finally {
    await api.close();
  }
});

test('a failed workflow run is re-run from its failed step, keeping the step that succeeded', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await flakyApi();
  try {
    const name = `E2E rerun ${unique()}`;
    const source = await post<{ id: number }>(request, '/v2/sources', {
      sourceSpec: 'sample',
      displayName: `${name} sample`,
      properties: { seed: 3, row_count: 50 },
    });
    const destination = await post<{ id: number }>(request, '/v2/destinations', {
      destinationSpec: 'files',
      displayName: `${name} files`,
      properties: { bucket_url: `e2e-rerun-${unique()}`, format: 'jsonl' },
    });
    const good = await post<{ id: number }>(request, '/v2/flows', {
      displayName: `${name} load`,
      source: source.id,
      destination: destination.id,
      frequency: 'manual',
    });
    const flaky = await flakyFlow(request, `${name} publish`, api.url);
    const workflow = await post<{ id: number }>(request, '/v2/workflows', {
      name,
      definition: {
        steps: [
          { id: 'load', flow: good.id, after: [] },
          { id: 'publish', flow: flaky.id, after: ['load'] },
        ],
      },
    });
    await page.goto(`/workflows/${String(workflow.id)}`);
    await signIn(page);
    const status = page.getByRole('region', { name: 'Status' });
    const rerun = status.getByRole('button', { name: 'Re-run from failed step' });
    await expect(rerun).toHaveAttribute('aria-disabled', 'true');
    await expect(status.getByText('The workflow has not run yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(status.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(rerun).not.toHaveAttribute('aria-disabled');
    api.heal();
    await rerun.click();
    await expect(status.getByRole('status').filter({ hasText: /Re-run started|Created/ })).toBeVisible();
    const runs = page.getByRole('table', { name: 'Runs' });
    await expect(runs.getByRole('row').filter({ hasText: 'Retry 1 of #1' })).toBeVisible({ timeout: 20_000 });
    await expect(status.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(runs.getByRole('row').filter({ hasText: 'Retry 1 of #1' }).getByText('Succeeded', { exact: true })).toBeVisible();
    await expect(runs.getByRole('row').filter({ hasText: 'Retry 1 of #1' })).toContainText('Run #2');
    // The step that succeeded kept its attempt: the good flow ran once.
    expect((await attemptsOf(request, good.id)).length).toBe(1);
    await expect(rerun).toHaveAttribute('aria-disabled', 'true');
    await shoot(page, 'workflow-rerun');
    await expectNoSeriousAxeViolations(page);
  } finally {
    await api.close();
  }
});

test('a flow on a one-minute cron shows its next run, and its attempt starts within 2 s of it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `E2E every minute ${unique()}`;
  const source = await post<{ id: number }>(request, '/v2/sources', {
    sourceSpec: 'sample',
    displayName: `${name} sample`,
    properties: { seed: 1, row_count: 10 },
  });
  const destination = await post<{ id: number }>(request, '/v2/destinations', {
    destinationSpec: 'files',
    displayName: `${name} files`,
    properties: { bucket_url: `e2e-cron-${unique()}`, format: 'jsonl' },
  });
  const flow = await post<{ id: number }>(request, '/v2/flows', { displayName: name, source: source.id, destination: destination.id, cron: '* * * * *' });
  await page.goto(`/flows/${String(flow.id)}`);
  await signIn(page);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  const shown = await schedule.locator('time').first().getAttribute('datetime');
  expect(shown).not.toBeNull();
  const due = Date.parse(shown ?? '');
  expect(due).toBeGreaterThan(Date.now() - 5_000);
  expect(due).toBeLessThanOrEqual(Date.now() + 61_000);
  await expect(async () => {
    const [first] = await attemptsOf(request, flow.id);
    expect(first?.createdAt).toBeDefined();
  }).toPass({ timeout: 75_000, intervals: [500] });
  const [attempt] = await attemptsOf(request, flow.id);
  const created = Date.parse(attempt?.createdAt ?? '');
  expect(attempt?.number).toBe(1);
  expect(Math.abs(created - due)).toBeLessThanOrEqual(2_000);
  // The page shows the attempt without a reload, and the next run moves on.
  await expect(page.getByRole('table', { name: 'Run attempts' }).getByRole('button', { name: 'Open attempt #1' })).toBeVisible({ timeout: 15_000 });
  await expect(schedule.locator('time').first()).not.toHaveAttribute('datetime', shown ?? '');
});

test('the forms set retries, a time zone and a destination’s limit, and the Runs page sorts oldest first', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `E2E forms ${unique()}`;
  const destination = await post<{ id: number }>(request, '/v2/destinations', {
    destinationSpec: 'files',
    displayName: `${name} files`,
    properties: { bucket_url: `e2e-forms-${unique()}`, format: 'jsonl' },
  });
  await page.goto('/flows/new');
  await signIn(page);
  await page.getByRole('radio', { name: 'Cron expression' }).check();
  await page.getByRole('textbox', { name: 'Cron expression' }).fill('30 6 * * *');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Europe/Prag');
  await page.getByRole('option', { name: 'Europe/Prague' }).click();
  await expect(page.getByText(/\(Europe\/Prague\) · Next runs/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Retries after a failed run' }).fill('3');
  await page.getByRole('radio', { name: /Exponential/ }).check();
  await expect(page.getByText(/^Waits .+ before each retry\.$/)).toBeVisible();
  await shoot(page, 'flow-form-run-policy');
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/destinations/${String(destination.id)}`);
  const limit = page.getByRole('textbox', { name: 'Most runs loading at once' });
  await limit.fill('2');
  await page.getByRole('button', { name: 'Save limit' }).click();
  await expect(page.getByText('Saved: at most 2 at once.')).toBeVisible();
  const saved = await request.get(`/v2/destinations/${String(destination.id)}`, { headers });
  expect(((await saved.json()) as { data: { maxConcurrentRuns: number | null } }).data.maxConcurrentRuns).toBe(2);
  await shoot(page, 'destination-run-limit');
  await expectNoSeriousAxeViolations(page);

  await page.goto('/runs?sort=oldest');
  const table = page.getByRole('table', { name: 'Runs' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const times = await table.locator('tbody time').evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  await shoot(page, 'runs-oldest-first');
  await expectNoSeriousAxeViolations(page);
});
