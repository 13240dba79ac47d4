import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// "Waits for" (Mantine's MultiSelect) comes in its own chunk after the form: here it is held back until the test
// lets it through, to see that the form works meanwhile and that nothing typed or saved is lost when it arrives.
const gate = await vi.hoisted(async () => (await import('@/test/gate')).createGate());
vi.mock('./multi-select', async () => {
  await gate.opened;
  return vi.importActual('./multi-select');
});

const stepGroup = (n: number) => screen.getByRole('group', { name: `Step ${String(n)}` });

describe('a step’s Waits for while its control loads', () => {
  it('keeps its place, the saved steps it waits for and steps added meanwhile, and saves them all', async () => {
    const { user } = renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}/edit`);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Nightly warehouse refresh');
    // The rest of the form is there at once; each step's Waits for shows its label and a placeholder of its size.
    expect(within(stepGroup(3)).getByText('Waits for')).toBeInTheDocument();
    expect(within(stepGroup(3)).getByRole('status', { name: 'Loading Waits for' })).toBeInTheDocument();
    expect(within(stepGroup(3)).queryByRole('combobox', { name: 'Waits for' })).not.toBeInTheDocument();
    // Its saved value is the form's, not the control's: the preview draws it before the control arrives.
    expect(
      await within(screen.getByRole('region', { name: 'Preview' })).findByRole('group', { name: 'Step github, flow GitHub to warehouse, waits for orders' }),
    ).toBeInTheDocument();

    const add = screen.getByRole('combobox', { name: 'Add another step' });
    await waitFor(() => {
      expect(add).toBeEnabled();
    });
    await user.click(add);
    await user.click(await screen.findByRole('option', { name: 'Billing to warehouse' }));
    expect(within(stepGroup(4)).getByRole('status', { name: 'Loading Waits for' })).toBeInTheDocument();

    gate.open();
    const waitsFor = await within(stepGroup(3)).findByRole('combobox', { name: 'Waits for' });
    expect(within(stepGroup(3)).queryByRole('status', { name: 'Loading Waits for' })).not.toBeInTheDocument();
    // The saved step it waits for shows as a pill in the control that arrived.
    expect(within(stepGroup(3)).getByText('orders', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await user.click(within(stepGroup(4)).getByRole('combobox', { name: 'Waits for' }));
    await user.click(await screen.findByRole('option', { name: 'github' }));
    await user.keyboard('{Escape}');
    expect(waitsFor).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nightly warehouse refresh' })).toBeInTheDocument();
    expect(mockService.db.workflow(SEED.succeedingWorkflowId)?.definition).toMatchObject({
      steps: [
        { id: 'orders', flow: 1, after: [] },
        { id: 'billing', flow: 4, after: [] },
        { id: 'github', flow: 6, after: ['orders'] },
        { id: 'billing-to-warehouse', flow: 4, after: ['github'] },
      ],
    });
  });
});
