import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_API_KEYS } from '@/mock-service/auth';
import { renderApp } from '@/test/render';
import { setViewportWidth } from '@/test/viewport';
import { mockService } from '@/test/server';

// What a role may not do stays on screen, disabled, with the reason: never hidden, never a 403 after a click.

const called = (operation: string) => mockService.calls.some((call) => call.operation === operation);

async function openFlow(key: string) {
  const view = renderApp('/flows/1', { apiKey: key });
  await screen.findByRole('heading', { level: 1, name: 'Orders to warehouse' });
  return view;
}

describe('a viewer', () => {
  it('sees Run now disabled with the reason, and a click sends nothing', async () => {
    const { user } = await openFlow(ROLE_API_KEYS.viewer);
    const run = screen.getByRole('button', { name: 'Run now' });
    expect(run).toHaveAttribute('aria-disabled', 'true');
    expect(run).toHaveAccessibleDescription('Viewers can’t run flows. Ask an operator or admin.');
    await user.click(run);
    expect(called('runFlow')).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAccessibleDescription('Viewers can’t pause or resume flows. Ask an operator or admin.');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription('Viewers can’t delete flows. Ask an editor or admin.');
  });

  it('does not see People and API keys in the navigation, and reads why on the page', async () => {
    const { router } = await openFlow(ROLE_API_KEYS.viewer);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('link', { name: 'People' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    await router.navigate({ to: '/users' });
    expect(await screen.findByText('Viewers can’t manage people. Ask an admin.')).toBeInTheDocument();
    expect(called('listUsers')).toBe(false);
  });
});

describe('an operator', () => {
  it('runs a flow and pauses it, but cannot delete or edit it', async () => {
    const { user } = await openFlow(ROLE_API_KEYS.operator);
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => {
      expect(called('runFlow')).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText(/Paused: no scheduled runs/)).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription('Operators can’t delete flows. Ask an editor or admin.');
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription('Operators can’t edit flows. Ask an editor or admin.');
  });

  it('shows who is signed in and the role in the account menu', async () => {
    setViewportWidth(1280);
    const { user } = await openFlow(ROLE_API_KEYS.operator);
    await user.click(screen.getByRole('button', { name: 'Account: Key “On-call”, operator' }));
    expect(await screen.findByText('Signed in as Key “On-call” (operator)')).toBeInTheDocument();
  });
});

describe('an admin', () => {
  it('has every action enabled and People in the navigation', async () => {
    await openFlow(ROLE_API_KEYS.admin);
    expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-disabled');
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'People' })).toBeInTheDocument();
  });
});

describe('a service without roles (the hosted one)', () => {
  it('keeps every action enabled', async () => {
    mockService.fail('getMe', { status: 404, message: 'Not Found' });
    await openFlow(ROLE_API_KEYS.viewer);
    expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
  });
});
