import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_API_KEYS } from '@/mock-service/auth';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// A source's and a destination's pages, and their new pages, by role: what a role may not do stays on
// screen, disabled, with the reason; nothing it presses ends in a 403.

const called = (operation: string) => mockService.calls.some((call) => call.operation === operation);

function expectRefused(element: HTMLElement, reason: string) {
  expect(element).toHaveAttribute('aria-disabled', 'true');
  expect(element).toHaveAccessibleDescription(reason);
}

describe('a source’s page by role', () => {
  it('shows a viewer Test connection and Save disabled with the reason, and the form’s fields disabled', async () => {
    const { user } = renderApp('/sources/1', { apiKey: ROLE_API_KEYS.viewer });
    const test = await screen.findByRole('button', { name: 'Test connection' });
    expectRefused(test, 'Viewers can’t verify sources. Ask an operator or admin.');
    await user.click(test);
    expectRefused(screen.getByRole('button', { name: 'Save' }), 'Viewers can’t edit sources. Ask an editor or admin.');
    expect(screen.getByRole('note')).toHaveTextContent('Viewers can’t edit sources. Ask an editor or admin.');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(called('verifySource')).toBe(false);
  });

  it('lets an operator test the connection, but not save', async () => {
    const { user } = renderApp('/sources/1', { apiKey: ROLE_API_KEYS.operator });
    const test = await screen.findByRole('button', { name: 'Test connection' });
    expect(test).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(test);
    await waitFor(() => {
      expect(called('verifySource')).toBe(true);
    });
  });

  it('shows a viewer Discover now and each resolver’s Load switch disabled with the reason', async () => {
    const { user } = renderApp('/sources/1?tab=resolvers', { apiKey: ROLE_API_KEYS.viewer });
    const table = await screen.findByRole('table', { name: 'Resolvers' });
    expectRefused(screen.getByRole('button', { name: 'Discover now' }), 'Viewers can’t discover resources. Ask an operator or admin.');
    const load = within(table).getByRole('switch', { name: 'Load orders' });
    expectRefused(load, 'Viewers can’t change which resources a source loads. Ask an editor or admin.');
    await user.click(load);
    await user.click(screen.getByRole('button', { name: 'Discover now' }));
    expect(load).toBeChecked();
    expect(called('updateResolvers') || called('discoverResolvers')).toBe(false);
  });

  it('lets an operator discover, but not choose what runs load; an editor chooses', async () => {
    const { unmount } = renderApp('/sources/1?tab=resolvers', { apiKey: ROLE_API_KEYS.operator });
    const table = await screen.findByRole('table', { name: 'Resolvers' });
    expect(screen.getByRole('button', { name: 'Discover now' })).not.toHaveAttribute('aria-disabled');
    expectRefused(within(table).getByRole('switch', { name: 'Load orders' }), 'Operators can’t change which resources a source loads. Ask an editor or admin.');
    unmount();

    const { user } = renderApp('/sources/1?tab=resolvers', { apiKey: ROLE_API_KEYS.editor });
    const load = within(await screen.findByRole('table', { name: 'Resolvers' })).getByRole('switch', { name: 'Load orders' });
    expect(load).not.toHaveAttribute('aria-disabled');
    await user.click(load);
    await waitFor(() => {
      expect(called('updateResolvers')).toBe(true);
    });
  });

  it('shows an operator a CSV source’s upload zone disabled, saying why', async () => {
    const source = mockService.db.source(1);
    if (!source) throw new Error('seeded source 1');
    Object.assign(source, { spec: 'csv', properties: {} });
    renderApp('/sources/1', { apiKey: ROLE_API_KEYS.operator });
    const zone = await screen.findByRole('button', { name: 'Upload a CSV file' });
    expectRefused(zone, 'Operators can’t upload files. Ask an editor or admin.');
  });
});

describe('a destination’s page by role', () => {
  it('shows a viewer Verify and Save limit disabled with the reason, and the limit’s field disabled', async () => {
    const { user } = renderApp('/destinations/2', { apiKey: ROLE_API_KEYS.viewer });
    const verify = await screen.findByRole('button', { name: 'Verify' });
    expectRefused(verify, 'Viewers can’t verify destinations. Ask an operator or admin.');
    await user.click(verify);
    const limitForm = screen.getByRole('form', { name: 'Runs at once' });
    expectRefused(within(limitForm).getByRole('button', { name: 'Save limit' }), 'Viewers can’t edit destinations. Ask an editor or admin.');
    expect(within(limitForm).getByRole('textbox', { name: 'Most runs loading at once' })).toBeDisabled();
    expect(called('verifyDestination')).toBe(false);
  });

  it('lets an operator verify, and an editor set the limit', async () => {
    const { unmount } = renderApp('/destinations/2', { apiKey: ROLE_API_KEYS.operator });
    expect(await screen.findByRole('button', { name: 'Verify' })).not.toHaveAttribute('aria-disabled');
    expect(within(screen.getByRole('form', { name: 'Runs at once' })).getByRole('button', { name: 'Save limit' })).toHaveAttribute('aria-disabled', 'true');
    unmount();

    const { user } = renderApp('/destinations/2', { apiKey: ROLE_API_KEYS.editor });
    const limitForm = await screen.findByRole('form', { name: 'Runs at once' });
    await user.type(within(limitForm).getByRole('textbox', { name: 'Most runs loading at once' }), '3');
    await user.click(within(limitForm).getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Saved: at most 3 at once.')).toBeInTheDocument();
  });
});

describe('the new source and destination pages by role', () => {
  it.each([
    ['/sources/new', 'source', 'Operators can’t create sources. Ask an editor or admin.'],
    ['/destinations/new', 'destination', 'Operators can’t create destinations. Ask an editor or admin.'],
  ] as const)('%s tells an operator why, with the spec search, the name and Create disabled', async (path, noun, reason) => {
    const { user } = renderApp(path, { apiKey: ROLE_API_KEYS.operator });
    const create = await screen.findByRole('button', { name: `Create ${noun}` });
    expectRefused(create, reason);
    expect(screen.getByRole('note')).toHaveTextContent(reason);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await user.click(create);
    expect(called('createSource') || called('createDestination')).toBe(false);
  });

  it('lets an operator read the specs again when they failed to load: only creating is refused', async () => {
    // The first read and its two retries.
    for (let attempt = 0; attempt < 3; attempt += 1) mockService.failNext('listSourceSpecs', { status: 500 });
    const { user } = renderApp('/sources/new', { apiKey: ROLE_API_KEYS.operator });
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(again).toBeEnabled();
    await user.click(again);
    expect(await screen.findByLabelText('Search source specs')).toBeDisabled();
  });

  it('stays open to an editor', async () => {
    renderApp('/destinations/new', { apiKey: ROLE_API_KEYS.editor });
    expect(await screen.findByRole('button', { name: 'Create destination' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
