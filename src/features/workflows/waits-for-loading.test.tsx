import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// "Waits for" is drawn as a look-alike until the user reaches for a pick field; Mantine's Select and MultiSelect
// come then, in one chunk (components/select-on-demand.ts). Here that chunk is held back until the test lets it
// through, to see that the saved steps show and can be changed meanwhile, and that nothing is lost when it arrives.
const gate = await vi.hoisted(async () => (await import('@/test/gate')).createGate());
vi.mock('@/components/select-on-demand', async () => {
  await gate.opened;
  return vi.importActual('@/components/select-on-demand');
});

const stepGroup = (n: number) => screen.getByRole('group', { name: `Step ${String(n)}` });
const pills = (n: number) =>
  within(stepGroup(n))
    .queryAllByText(/./, { selector: '.mantine-Pill-label' })
    .map((pill) => pill.textContent);

describe('a step’s Waits for before its control arrives', () => {
  it('shows and clears the saved steps, opens when the control arrives, and saves what was chosen', async () => {
    const { user } = renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}/edit`);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Nightly warehouse refresh');
    // The saved step it waits for is there at once, as the same pill the control draws, in a field of the same name.
    const waitsFor = within(stepGroup(3)).getByRole('combobox', { name: 'Waits for' });
    expect(pills(3)).toEqual(['orders']);

    // Mantine's clear button (beside the chevron, mouse only: hidden from the accessibility tree, as Mantine draws it)
    // works before the control comes: the form's value is cleared, and the preview follows. As Mantine's does, it
    // empties what was typed to search too.
    await user.type(waitsFor, 'bil');
    expect(waitsFor).toHaveValue('bil');
    const clear = stepGroup(3).querySelector<HTMLButtonElement>('[data-combined-clear-section] button');
    if (!clear) throw new Error('Waits for has no clear button');
    await user.click(clear);
    expect(pills(3)).toEqual([]);
    expect(waitsFor).toHaveValue('');
    expect(
      await within(screen.getByRole('region', { name: 'Preview' })).findByRole('group', { name: 'Step github, flow GitHub to warehouse' }),
    ).toBeInTheDocument();

    // A press asks for the control; it opens where the user pressed once it is here.
    await user.click(waitsFor);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    gate.open();
    await user.click(await screen.findByRole('option', { name: 'billing' }));
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(pills(3)).toEqual(['billing']);
    });

    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nightly warehouse refresh' })).toBeInTheDocument();
    expect(mockService.db.workflow(SEED.succeedingWorkflowId)?.definition).toMatchObject({
      steps: [
        { id: 'orders', flow: 1, after: [] },
        { id: 'billing', flow: 4, after: [] },
        { id: 'github', flow: 6, after: ['billing'] },
      ],
    });
  });
});
