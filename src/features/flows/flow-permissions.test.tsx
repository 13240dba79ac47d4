import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_API_KEYS } from '@/mock-service/auth';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The flows list's bulk bar and the flow forms, by role: what a role may not do stays on screen, disabled,
// with the reason; nothing it presses ends in a 403.

const called = (operation: string) => mockService.calls.some((call) => call.operation === operation);

async function selectTwo(apiKey: string) {
  const view = renderApp('/flows', { apiKey });
  await screen.findByRole('table');
  for (const name of ['Orders to warehouse', 'Billing to warehouse']) await view.user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  return { ...view, bar: screen.getByRole('region', { name: 'Selected flows' }) };
}

describe('the bulk bar by role', () => {
  it('shows a viewer every action disabled with its reason, and a click sends nothing', async () => {
    const { user, bar } = await selectTwo(ROLE_API_KEYS.viewer);
    const reasons = {
      'Run now': 'Viewers can’t run flows. Ask an operator or admin.',
      Pause: 'Viewers can’t pause or resume flows. Ask an operator or admin.',
      Resume: 'Viewers can’t pause or resume flows. Ask an operator or admin.',
      Delete: 'Viewers can’t delete flows. Ask an editor or admin.',
    };
    for (const [label, reason] of Object.entries(reasons)) {
      const button = within(bar).getByRole('button', { name: label });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
      await user.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(called('runFlow') || called('updateFlow') || called('deleteFlow')).toBe(false);
    expect(within(bar).getByRole('button', { name: 'Clear selection' })).toBeEnabled();
  });

  it('lets an operator pause the selection, but not delete it', async () => {
    const { user, bar } = await selectTwo(ROLE_API_KEYS.operator);
    expect(within(bar).getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription('Operators can’t delete flows. Ask an editor or admin.');
    const pause = within(bar).getByRole('button', { name: 'Pause' });
    expect(pause).not.toHaveAttribute('aria-disabled');
    await user.click(pause);
    expect(await screen.findByRole('status', { name: 'Paused 2 of 2 flows' })).toBeInTheDocument();
  });
});

describe('the flow forms by role', () => {
  it('tell a viewer why on /flows/new, with the fields and Create disabled', async () => {
    const { user } = renderApp('/flows/new', { apiKey: ROLE_API_KEYS.viewer });
    const form = await screen.findByRole('form', { name: 'New flow' });
    expect(within(form).getByRole('note')).toHaveTextContent('Viewers can’t create flows. Ask an editor or admin.');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    const create = within(form).getByRole('button', { name: 'Create flow' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription('Viewers can’t create flows. Ask an editor or admin.');
    await user.click(create);
    expect(called('createFlow')).toBe(false);
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('tell an operator why on a flow’s edit page', async () => {
    renderApp('/flows/1/edit', { apiKey: ROLE_API_KEYS.operator });
    const form = await screen.findByRole('form', { name: 'Edit flow' });
    expect(within(form).getByRole('note')).toHaveTextContent('Operators can’t edit flows. Ask an editor or admin.');
    expect(within(form).getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('stay open to an editor', async () => {
    const { user } = renderApp('/flows/1/edit', { apiKey: ROLE_API_KEYS.editor });
    const form = await screen.findByRole('form', { name: 'Edit flow' });
    expect(within(form).queryByRole('note')).not.toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Orders, renamed');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(called('updateFlow')).toBe(true);
    });
  });
});
