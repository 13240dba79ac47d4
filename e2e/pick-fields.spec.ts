import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

// A pick field is drawn as a look-alike until the user reaches for it; Mantine's Select then takes its place
// (components/look-alike-select.tsx). Nothing the user sees may move or change size in that swap.

/** A pick field's chevron, the look-alike's or the real control's. */
const chevronOf = (field: Locator) => field.locator('xpath=..').locator('svg');
/** The real control's chevron: Mantine marks its own, so this is there once the Select has taken the look-alike's place. */
const mantineChevronOf = (field: Locator) => field.locator('xpath=..').locator('svg[data-combobox-chevron]');

/** A pick-many field's frame: the input wrapper that holds its pills and its right section. */
const frameOf = (field: Locator) => field.locator('xpath=ancestor::div[contains(@class, "mantine-Input-wrapper")][1]');

/** The field's box and its chevron's (CSS pixels), and the chevron's colour. */
async function looks(field: Locator) {
  const chevron = chevronOf(field);
  return { field: await field.boundingBox(), chevron: await chevron.boundingBox(), colour: await chevron.evaluate((svg) => getComputedStyle(svg).color) };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a pick field stays as it was drawn when the real Select takes its place (${colorScheme} scheme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/flows');
    await signIn(page);
    const field = page.getByRole('combobox', { name: 'Last attempt' });
    // Still the look-alike: Mantine marks its own chevron.
    await expect(chevronOf(field)).not.toHaveAttribute('data-combobox-chevron');
    const drawn = await looks(field);

    await field.focus();
    await expect(mantineChevronOf(field)).toBeVisible();
    await expect(field).toBeFocused();
    expect(await looks(field)).toEqual(drawn);
  });
}

test('a pick field pressed before the Select arrives and released after it is open', async ({ page }) => {
  await page.goto('/flows');
  await signIn(page);
  const field = page.getByRole('combobox', { name: 'Last attempt' });
  const box = await field.boundingBox();
  if (!box) throw new Error('the Last attempt field is not drawn');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The press fetched the Select; it arrives while the button is still down.
  await expect(mantineChevronOf(field)).toBeVisible();
  await page.mouse.up();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(page.getByRole('option', { name: 'Failed' })).toBeVisible();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(field).toHaveValue('Failed');
});

/** A pick-many field's frame, its right section (clear button and chevron) with the size of each thing in it, and its first pill. */
async function manyLooks(field: Locator) {
  const wrapper = frameOf(field);
  const right = wrapper.locator('[data-position="right"]');
  return {
    frame: await wrapper.boundingBox(),
    right: await right.boundingBox(),
    inRight: await right.evaluate((section) =>
      [...section.querySelectorAll('*')].map((element) => {
        const box = element.getBoundingClientRect();
        return `${element.tagName} ${String(Math.round(box.x))},${String(Math.round(box.y))} ${String(Math.round(box.width))}×${String(Math.round(box.height))}`;
      }),
    ),
    pill: await wrapper.locator('.mantine-Pill-root').first().boundingBox(),
  };
}

test('a pick-many field with a clear button stays as it was drawn when the real MultiSelect takes its place', async ({ page }) => {
  await page.goto('/workflows');
  await signIn(page);
  await page.getByRole('link', { name: 'Nightly shop refresh' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  const field = page.getByRole('group', { name: 'Step 2' }).getByRole('combobox', { name: 'Waits for' });
  await expect(frameOf(field).locator('.mantine-Pill-label')).toHaveText('jsonl');
  // In view first: the focus below would scroll it there, and every box would move with the page.
  await field.scrollIntoViewIfNeeded();
  const drawn = await manyLooks(field);
  // Beside the chevron, the clear button a MultiSelect with a value draws.
  expect(drawn.inRight.filter((element) => element.startsWith('BUTTON '))).toHaveLength(1);

  await field.focus();
  await expect(frameOf(field).locator('svg[data-combobox-chevron]')).toBeVisible();
  expect(await manyLooks(field)).toEqual(drawn);
});
