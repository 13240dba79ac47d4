import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_API_KEYS } from '@/mock-service/auth';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// /alerts/new opened by its URL by a role that may not add channels: why, once, and nothing to fill in.

describe('the new channel page by role', () => {
  it('tells an editor why, with the fields and Create channel disabled', async () => {
    const { user } = renderApp('/alerts/new', { apiKey: ROLE_API_KEYS.editor });
    const form = await screen.findByRole('form', { name: 'New channel' });
    const reason = 'Editors can’t create alert channels. Ask an admin.';
    expect(within(form).getByRole('note')).toHaveTextContent(reason);
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    const create = within(form).getByRole('button', { name: 'Create channel' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(reason);
    await user.click(create);
    expect(mockService.calls.some((call) => call.operation === 'createAlertChannel')).toBe(false);
  });

  it('stays open to an admin', async () => {
    renderApp('/alerts/new', { apiKey: ROLE_API_KEYS.admin });
    const form = await screen.findByRole('form', { name: 'New channel' });
    expect(within(form).queryByRole('note')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Create channel' })).not.toHaveAttribute('aria-disabled');
  });
});
