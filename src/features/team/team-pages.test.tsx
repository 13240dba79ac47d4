import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// People and API keys, as an admin uses them: what is made is shown once, what is destroyed asks first.

const team = () => mockService.db.state.team;

describe('People', () => {
  it('invites someone and shows the invitation link once, with a copy button', async () => {
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('region', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText(/^Name/), 'Lee Park');
    await user.type(within(form).getByLabelText(/^Email/), 'lee@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    const shown = await screen.findByRole('status', { name: /Invitation link for Lee Park/ });
    expect(within(shown).getByLabelText('invitation link')).toHaveTextContent(/\/welcome#token=[0-9a-f]{48}$/);
    expect(within(shown).getByRole('button', { name: 'Copy the invitation link' })).toBeInTheDocument();
    const row = (await screen.findByText('lee@example.com')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('invited')).toBeInTheDocument();
  });

  it('changes a role, makes a reset link and removes someone after asking', async () => {
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('combobox', { name: 'Role of Vera Chen' }));
    await user.click(await screen.findByRole('option', { name: 'operator' }));
    await waitFor(() => {
      expect(team().users.find((person) => person.name === 'Vera Chen')?.role).toBe('operator');
    });

    await user.click(screen.getByRole('button', { name: 'Reset the password of Omar Haddad' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make reset link' }));
    expect(await screen.findByRole('status', { name: /Password reset link for Omar Haddad/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Ana Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ana Lima?' });
    expect(team().users.some((person) => person.name === 'Ana Lima')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument();
    });
    // Their key went with them.
    expect(team().keys.find((key) => key.ownerId === 2)?.revokedAt).not.toBeNull();
  });
});

describe('API keys', () => {
  it('creates a key, shows it once with a warning, and revokes one after asking', async () => {
    const { user } = renderApp('/keys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getAllByText('Service key').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'New key' }));
    const form = screen.getByRole('region', { name: 'New API key' });
    await user.type(within(form).getByLabelText(/^Name/), 'CI');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('status', { name: /Key “CI” \(viewer\)/ });
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    const made = team().keys.find((key) => key.name === 'CI');
    expect(within(shown).getByLabelText('API key')).toHaveTextContent(made?.secret ?? 'missing');

    await user.click(within(table).getByRole('button', { name: 'Revoke the key “On-call”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke the key “On-call”?' })).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => {
      expect(within(table).queryByText('On-call')).not.toBeInTheDocument();
    });
    expect(team().keys.find((key) => key.name === 'On-call')?.revokedAt).not.toBeNull();
  });
});
