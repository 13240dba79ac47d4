import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { DEMO_KEY, signIn } from './sign-in';

// Alerts against the real service: a webhook channel made in the dashboard, Send test, then a failing
// flow whose failure reaches a local receiver this test starts, signed with the channel's secret. The
// service listens on loopback (the e2e default), so its network policy lets it reach a loopback receiver.
// Freshness shows on the overview and filters the flows list. axe on every screen; E2E_SCREENSHOTS=<folder>
// saves each screen at 1280 and 390 px wide.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };
const unique = () => `${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}`;
const SECRET = 'e2e-signing-secret-0123456789';

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers, data });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: T }).data;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks/e2e`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

const signatureOf = (hit: Received) =>
  `sha256=${createHmac('sha256', SECRET)
    .update(`${String(hit.headers['x-flowdeck-timestamp'])}.${hit.body}`)
    .digest('hex')}`;

test('a failing flow sends a signed alert to the channel made in the dashboard', async ({ page, request }) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const name = `E2E alerted ${unique()}`;
    // Nothing listens on port 1: every run of this flow fails when it connects.
    const source = await post<{ id: number }>(request, '/v2/sources', {
      sourceSpec: 'postgres',
      displayName: `${name} source`,
      properties: { host: '127.0.0.1', port: 1, database: 'none', user: 'none', password: 'not-a-real-password' },
    });
    const destination = await post<{ id: number }>(request, '/v2/destinations', {
      destinationSpec: 'files',
      displayName: `${name} files`,
      properties: { bucket_url: `e2e-alerts-${unique()}`, format: 'jsonl' },
    });
    const flow = await post<{ id: number }>(request, '/v2/flows', { displayName: name, source: source.id, destination: destination.id, frequency: 'manual' });

    await page.goto('/alerts');
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'New channel' }).click();
    await page.getByText('Signed webhook').click();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Ops ${name}`);
    // A password field's label also names its visibility toggle: the input itself is meant.
    const secretField = (label: RegExp) => page.getByLabel(label).and(page.locator('input[type="password"]'));
    await secretField(/^Webhook URL/).fill(receiver.url);
    await secretField(/^Signing secret/).fill(SECRET);
    await page.getByRole('radio', { name: 'Chosen flows' }).check();
    await page.getByRole('combobox', { name: 'Chosen flows' }).fill(name);
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'alerts-new-channel');
    await page.getByRole('button', { name: 'Create channel' }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Ops ${name}` })).toBeVisible();
    // The URL is never shown again: only its origin.
    await expect(page.getByText(new URL(receiver.url).origin).first()).toBeVisible();
    await expect(page.getByText('/hooks/e2e')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send test' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await expect(deliveries.getByRole('row').filter({ hasText: 'Test' }).getByText('Delivered')).toBeVisible();
    await expect(deliveries.getByText('HTTP 200')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    await expectNoSeriousAxeViolations(page);

    const run = await request.post(`/v2/flows/${String(flow.id)}/run`, { headers });
    expect(run.status()).toBe(201);
    await expect
      .poll(() => receiver.received.filter((hit) => hit.body.includes('"run_failed"')).length, { timeout: 30_000, message: 'the failure alert' })
      .toBe(1);
    const alert = receiver.received.find((hit) => hit.body.includes('"run_failed"'));
    if (!alert) throw new Error('no failure alert');
    expect(alert.headers['x-flowdeck-signature']).toBe(signatureOf(alert));
    expect(JSON.parse(alert.body)).toMatchObject({ event: 'run_failed', flow: { id: flow.id, name }, attempt: { number: 1 } });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'Run failed' }).getByText('Delivered')).toBeVisible();
    await shoot(page, 'alerts-channel');

    await page.getByRole('link', { name: 'Alerts', exact: true }).first().click();
    await expect(page.getByRole('table', { name: 'Alert channels' }).getByRole('link', { name: `Ops ${name}` })).toBeVisible();
    await shoot(page, 'alerts-list');

    // Freshness: the overview counts the failing flow, and its link opens the flows list filtered so.
    await page.goto('/');
    const freshness = page.getByRole('region', { name: 'Freshness' });
    await expect(freshness.getByRole('link', { name: /failing/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'overview-freshness');
    await freshness.getByRole('link', { name: /failing/ }).click();
    await expect(page).toHaveURL(/freshness=failing/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page.getByRole('table', { name: 'Flows' }).getByRole('row').filter({ hasText: name }).getByText('Failing')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'flows-freshness');
    await page.getByRole('table', { name: 'Flows' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('main').getByText('Failing', { exact: true }).first()).toBeVisible();
    await shoot(page, 'flow-page-freshness');
    await page.goto('/workflows');
    await expect(page.getByRole('columnheader', { name: 'Freshness' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'workflows-freshness');
  } finally {
    await receiver.stop();
  }
});
