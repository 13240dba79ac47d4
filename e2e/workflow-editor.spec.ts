import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { createPacedFlow } from './paced-flow';
import { signIn } from './sign-in';

// A workflow built in the editor against the real service, run, and watched step by step on its graph.

/** A flow of paced sample rows (about 3 s a run) into the demo's files destination, made through the API. */
const pacedFlow = (request: APIRequestContext, name: string) =>
  createPacedFlow(request, { name, sourceName: `${name} rows`, properties: { seed: 5, row_count: 3_000, rows_per_second: 1_000 } });

/** Screenshots at a desk's and a phone's width into test-results/screens (not committed), to look at. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the fixed header is not drawn over the middle of a full-page picture.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/${name}-${String(width)}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Records every name a graph box has had, so a short "Running" is not missed between two looks. */
async function recordBoxNames(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { seenBoxes: Set<string> }).seenBoxes = seen;
    const record = () => {
      document.querySelectorAll('.react-flow__node[aria-label]').forEach((node) => seen.add(node.getAttribute('aria-label') ?? ''));
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    record();
  });
  return () => page.evaluate(() => [...(window as unknown as { seenBoxes: Set<string> }).seenBoxes]);
}

async function pick(page: Page, combobox: ReturnType<Page['getByRole']>, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a two-step workflow is built in the editor, run, and its steps change state on the graph', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now());
  const first = `Extract ${stamp}`;
  const second = `Publish ${stamp}`;
  await pacedFlow(request, first);
  await pacedFlow(request, second);

  await page.goto('/workflows');
  await signIn(page);
  await expect(page.getByRole('switch', { name: 'Nightly shop refresh enabled' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'workflows-list');

  await page.getByRole('link', { name: 'New workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New workflow' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(`Two steps ${stamp}`);
  await pick(page, page.getByRole('combobox', { name: 'Add a step' }), first);
  await pick(page, page.getByRole('combobox', { name: 'Add another step' }), second);
  const secondStep = page.getByRole('group', { name: 'Step 2' });
  const firstId = `extract-${stamp}`;
  const secondId = `publish-${stamp}`;
  await expect(secondStep.getByRole('textbox', { name: 'Step id' })).toHaveValue(secondId);

  // A circle is said as it is made, and undone.
  await pick(page, page.getByRole('group', { name: 'Step 1' }).getByRole('combobox', { name: 'Waits for' }), secondId);
  await pick(page, secondStep.getByRole('combobox', { name: 'Waits for' }), firstId);
  await page.keyboard.press('Escape');
  await expect(
    page.getByText(`Steps wait for each other in a circle: "${firstId}" waits for "${secondId}", "${secondId}" waits for "${firstId}".`),
  ).toBeVisible();
  await shoot(page, 'workflow-editor-problem');
  await page.getByRole('group', { name: 'Step 1' }).getByRole('combobox', { name: 'Waits for' }).click();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(page.getByText(/wait for each other in a circle/)).toHaveCount(0);

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('group', { name: `Step ${secondId}, flow ${second}, waits for ${firstId}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'workflow-editor');

  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Two steps ${stamp}` })).toBeVisible();
  const definition = page.getByRole('region', { name: 'Definition' });
  await expect(definition.getByText('Never run: each step shows its state once the workflow runs.')).toBeVisible();
  await expect(definition.locator('.react-flow__edge')).toHaveCount(1);
  const seen = await recordBoxNames(page);

  await page.getByRole('button', { name: 'Run now' }).click();
  const box = (id: string, flow: string, after: string, state: string) => definition.getByRole('group', { name: `Step ${id}, flow ${flow}${after}: ${state}` });
  const waits = `, waits for ${firstId}`;
  await expect(box(firstId, first, '', 'Running')).toBeVisible({ timeout: 15_000 });
  await expect(box(secondId, second, waits, 'Waiting')).toBeVisible();
  await shoot(page, 'workflow-page-running');
  await expect(box(secondId, second, waits, 'Running')).toBeVisible({ timeout: 20_000 });
  await expect(box(firstId, first, '', 'Succeeded')).toBeVisible();
  await expect(box(secondId, second, waits, 'Succeeded')).toBeVisible({ timeout: 20_000 });
  expect(await seen()).toEqual(
    expect.arrayContaining([
      `Step ${secondId}, flow ${second}${waits}: Waiting`,
      `Step ${secondId}, flow ${second}${waits}: Running`,
      `Step ${secondId}, flow ${second}${waits}: Succeeded`,
    ]),
  );

  const runs = page.getByRole('table', { name: 'Runs' });
  await expect(runs.getByRole('row').nth(1)).toContainText('Succeeded');
  await expect(runs.getByRole('row').nth(1)).toContainText('2 succeeded');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'workflow-page');

  // Mantine's segmented control hides the radio itself: its label takes the click.
  await page.getByRole('region', { name: 'Definition' }).getByText('JSON', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Workflow definition' })).toContainText(secondId);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit “Two steps ${stamp}”` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Step 2' }).getByRole('textbox', { name: 'Step id' })).toHaveValue(secondId);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'workflow-edit');
});
