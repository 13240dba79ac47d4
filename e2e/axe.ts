import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation runs: a dialog fading in is half transparent, and axe then measures the
 * contrast of its half-drawn colours. Endless ones (skeletons, loaders) are not waited for.
 */
async function settled(page: Page) {
  // A transition starts on the frame after its element appears: look only after two frames.
  await page.evaluate(() => new Promise((resolveFrame) => requestAnimationFrame(() => requestAnimationFrame(resolveFrame))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** axe on the page as it is now: no serious or critical violation, each one listed with where it is. */
export async function expectNoSeriousAxeViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`,
    ),
  ).toEqual([]);
}
