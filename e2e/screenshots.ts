import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** With E2E_SCREENSHOTS=<folder>, saves the page at 1280 and 390 px wide, to look at (not committed); otherwise nothing. */
export async function shoot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The navigation slides away below its breakpoint: a picture taken at once catches it half-way.
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(folder, `${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}
