import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { shoot } from './screenshots';
import { DEMO_KEY, signIn } from './sign-in';

// Issue 32 end to end: the sender sets the public address and the team name, shares a link; the recipient, in a
// fresh browser context with no key, sees who asks, tests a wrong token (the checklist fails), fixes it, tests
// again, sends, and lands on the redirect; the sender gets the browser notification and the card_submitted alert
// reaches a receiver this test starts; the link then answers that it was already used.

const headers = { Authorization: `Bearer ${DEMO_KEY}` };
const unique = () => `${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}`;

async function listen(handler: (url: string, headers: IncomingHttpHeaders, body: string) => [number, string]) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const [status, body] = handler(request.url ?? '', request.headers, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

test('a card link the recipient can open, trust, test and complete, and the sender is told', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const alerts: string[] = [];
  const receiver = await listen((_url, _headers, body) => {
    alerts.push(body);
    return [200, '{}'];
  });
  const partner = await listen((_url, incoming) =>
    incoming.authorization === 'Bearer right-token' ? [200, '{"items":[{"id":1}]}'] : [401, '{"error":"bad token"}'],
  );
  const name = `Partner API ${unique()}`;
  const created = await request.post('/v2/sources', {
    headers,
    data: { sourceSpec: 'rest_api', displayName: name, properties: { base_url: partner.url, endpoints: '/items' } },
  });
  expect(created.status()).toBe(201);
  const source = ((await created.json()) as { data: { id: number } }).data;
  const channel = await request.post('/v2/alerts/channels', {
    headers,
    data: {
      kind: 'webhook',
      name: `Cards ${unique()}`,
      url: `${receiver.url}/cards`,
      signingSecret: 'e2e-signing-secret-0123456789',
      events: ['card_submitted'],
    },
  });
  expect(channel.status()).toBe(201);

  // The sender: notifications on (the browser's API watched), Settings, then the share dialog.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownNotifications: shown });
    class Watched {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      readonly title: string;
      constructor(title: string) {
        this.title = title;
        shown.push(title);
      }
    }
    Object.assign(window, { Notification: Watched });
  });
  await page.goto('/settings');
  await signIn(page);
  const address = page.getByRole('region', { name: 'Public address' });
  await expect(address.getByText('Links open only on this computer')).toBeVisible();
  const origin = new URL(baseURL ?? '').origin.replace('127.0.0.1', 'localhost');
  await address.getByRole('textbox', { name: /^Public address/ }).fill(origin);
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(address.getByText(`Saved. Links now start with ${origin}.`)).toBeVisible();
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByRole('textbox', { name: /^Team or company name/ }).fill('Acme Data Team');
  await team.getByRole('button', { name: 'Save name' }).click();
  await expect(team.getByText('Saved.')).toBeVisible();
  const redirects = page.getByRole('region', { name: 'Allowed redirects' });
  await redirects.getByRole('textbox').fill('partner.example.com');
  await redirects.getByRole('button', { name: 'Save hosts' }).click();
  await expect(redirects.getByText('Saved.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'card-links-settings');

  await page.goto(`/sources/${String(source.id)}?tab=cards`);
  await page.getByRole('button', { name: 'Share configuration link' }).click();
  await page.getByRole('textbox', { name: /^Your name/ }).fill('Dana Whitfield');
  await page.getByRole('textbox', { name: /^Instruction/ }).fill('Paste the read-only API token.');
  await page.getByRole('textbox', { name: /^Send the recipient back to/ }).fill('https://partner.example.com/done');
  await shoot(page, 'card-links-share-dialog');
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByRole('textbox', { name: 'Configuration link' }).inputValue();
  expect(link.startsWith(`${origin}/cards/`)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'card-links-sender-card');

  // The recipient: another browser context, no key.
  const outside = await browser.newContext();
  const recipient = await outside.newPage();
  await recipient.route('https://partner.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back at Partner</h1>' }),
  );
  await recipient.goto(link);
  const asker = recipient.getByRole('region', { name: 'Who asks' });
  await expect(asker.getByText('Dana Whitfield of Acme Data Team asks you to connect a REST API source')).toBeVisible();
  await expect(asker.getByText('Paste the read-only API token.')).toBeVisible();
  await expect(asker.getByText(/not even to the person who asked/)).toBeVisible();
  await expectNoSeriousAxeViolations(recipient);
  await shoot(recipient, 'card-links-recipient-open');

  const token = recipient.getByLabel(/^API token/, { exact: false }).and(recipient.locator('input'));
  await token.fill('wrong-token');
  await recipient.getByRole('button', { name: 'Test connection' }).click();
  await expect(recipient.getByText(/checks failed/)).toBeVisible({ timeout: 20_000 });
  await expect(recipient.getByText('The last test failed')).toBeVisible();
  await shoot(recipient, 'card-links-recipient-test-failed');
  await token.fill('right-token');
  await recipient.getByRole('button', { name: 'Test connection' }).click();
  await expect(recipient.getByText(/^All \d+ checks passed$/)).toBeVisible({ timeout: 20_000 });
  await recipient.getByRole('button', { name: 'Send configuration' }).click();
  await recipient.waitForURL(/^https:\/\/partner\.example\.com\/done\?/);
  const landed = new URL(recipient.url());
  expect(landed.searchParams.get('outcome')).toBe('submitted');
  expect(landed.searchParams.get('card')).toMatch(/^\d+$/);

  // The sender is told: the alert, and the browser notification within the next look (every 30 s).
  await expect.poll(() => alerts.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(JSON.parse(alerts[0] ?? '{}')).toMatchObject({ event: 'card_submitted', card: { senderName: 'Dana Whitfield' } });
  expect(alerts[0]).not.toContain('right-token');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications), { timeout: 45_000 })
    .toContain(`Configuration received: ${name}`);

  // The link then says it was used, and nothing else.
  const again = await outside.newPage();
  await again.goto(link);
  await expect(again.getByText('This link has already been used')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Send configuration' })).toHaveCount(0);
  await expect(again.getByText(/Expires in/)).toHaveCount(0);
  await shoot(again, 'card-links-recipient-used');
  await request.patch('/v2/settings', { headers, data: { publicUrl: null, organizationName: null, allowedRedirects: [] } });
  await outside.close();
  await receiver.stop();
  await partner.stop();
});
