import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { createPacedFlow } from './paced-flow';
import { signInAndOpenFlow } from './sign-in';

// A running flow's log, live in the attempt view, against the real service: lines appear as the runner
// writes them, the view keeps to the newest until the user scrolls up, and picks up again on request.

/** 120,000 sample rows at 5,000 a second: about 24 s of run, a batch-progress line every second. */
const slowFlow = (request: APIRequestContext) =>
  createPacedFlow(request, {
    name: `Logged sample sync ${String(Date.now())}`,
    sourceName: 'Slow sample for logs',
    properties: { seed: 9, row_count: 120_000, rows_per_second: 5_000 },
  });

// A short window: the log's box (60% of the height) overflows after a dozen lines, so there is something to scroll.
test.use({ viewport: { width: 1280, height: 480 } });

test('a running flow’s log follows live in the attempt view, pauses when scrolled up and resumes', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await signInAndOpenFlow(page, await slowFlow(request));
  await page.getByRole('button', { name: 'Run now' }).click();
  await page
    .getByRole('table', { name: 'Run attempts' })
    .getByRole('button', { name: /^Open attempt/ })
    .first()
    .click();

  const log = page.getByRole('log', { name: /^Log of attempt/ });
  const follow = page.getByRole('button', { name: 'Following new lines' });
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  // Lines arrive while it runs, and the newest stays in view.
  await expect(log.getByText(/orders Batch \d+: [\d,]+ rows written so far, kept when the table commits\.$/).last()).toBeVisible({ timeout: 20_000 });
  const atBottom = () => log.evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight <= 30);
  // Once the lines overflow the box, the view keeps to the bottom.
  await expect.poll(() => log.evaluate((box) => box.scrollHeight > box.clientHeight + 60), { timeout: 20_000 }).toBe(true);
  await expect.poll(atBottom).toBe(true);

  // Scrolled up by the user: following pauses, and the view stays where the user put it as lines arrive.
  await log.hover();
  await page.mouse.wheel(0, -2_000);
  const resume = page.getByRole('button', { name: 'Follow new lines' });
  await expect(resume).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(/· paused$/)).toBeVisible();
  const scrolledTo = await log.evaluate((box) => box.scrollTop);
  const linesThen = await page.getByText(/ lines( ·|,)/).textContent();
  await expect(page.getByText(/ lines( ·|,)/)).not.toHaveText(linesThen ?? '', { timeout: 10_000 });
  expect(await log.evaluate((box) => box.scrollTop)).toBe(scrolledTo);

  // Asked to follow again: back to the newest line, and to the end of the run.
  await resume.click();
  await expect(page.getByRole('button', { name: 'Following new lines' })).toBeVisible();
  await expect.poll(atBottom).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('logs-1280.png') });
  await expectNoSeriousAxeViolations(page);
  await expect(log.getByText(/Attempt succeeded in [\d.]+ s: 120,000 rows loaded\.$/)).toBeVisible({ timeout: 40_000 });
  await expect.poll(atBottom).toBe(true);
  // The whole run is there, from its first line.
  await page.getByRole('searchbox', { name: 'Search the log' }).fill('attempt started');
  await expect(
    log.getByText(/Attempt started \(manual\): from “Slow sample for logs” \(sample\) into “Local files \(JSON lines\)” \(files\)\.$/),
  ).toBeVisible();
  await expect(log.locator('mark').first()).toHaveText('Attempt started');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('logs-390.png'), fullPage: true });
  await expectNoSeriousAxeViolations(page);
});
