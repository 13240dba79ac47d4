import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { DEMO_KEY, signIn } from './sign-in';

test('signs in and visits every section from the navigation', async ({ page }) => {
  // Five pages, each scanned by axe: a few seconds apiece on a busy 2-core machine.
  test.slow();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await expectNoSeriousAxeViolations(page);
  await signIn(page);

  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const section of ['Flows', 'Workflows', 'Sources', 'Destinations', 'Overview']) {
    await nav.getByRole('link', { name: section, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }

  await nav.getByRole('link', { name: 'Flows', exact: true }).click();
  const firstFlow = page.getByRole('table').getByRole('link').first();
  const flowName = await firstFlow.innerText();
  await firstFlow.click();
  await expect(page.getByRole('heading', { level: 1, name: flowName })).toBeVisible();
});

test('a deep link asks for sign-in and then opens the page that was asked for', async ({ page }) => {
  await page.goto('/workflows');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signIn(page);
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
});

test('a wrong key is refused with a message and the key never reaches the URL', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel(/^API key/).fill('not-a-real-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('API key was not accepted');
  expect(page.url()).not.toContain('not-a-real-key');
});

test('a plan without workflows shows the plan message and keeps the shell usable', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'flowdeck-starter-key');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('alert')).toContainText('Your current plan does not support workflows.');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Flows', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, DEMO_KEY);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the configuration card page opens without signing in', async ({ page }) => {
  await page.goto('/cards/some-hash');
  await expect(page).toHaveURL(/\/cards\/some-hash$/);
  await expect(page.getByRole('heading', { name: 'Configuration card' })).toBeVisible();
});

test('the dashboard runs under a strict Content-Security-Policy: injected inline script does not run', async ({ page, cspViolations }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await page.addScriptTag({ content: 'window.__injected = true;' }).catch(() => undefined);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  // This violation is the one the test provoked; any other would fail it.
  cspViolations.length = 0;
});

test('on a phone the navigation opens from the burger, and closes once a section is chosen', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(nav).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await expect(nav).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  // The panel lies over the page, below the header: the header stays usable.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Flowdeck' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await nav.getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await expect(nav).toBeHidden();
  // Wide again, the navigation is always there and the burger is gone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await expect(burger).toBeHidden();
});
