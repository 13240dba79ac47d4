import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';

// A property's default is what the form shows first, by the rule the service reads a missing value with
// (src/service-rules/properties.ts): a user who trusts the form never loses row 1 of a headerless file.

describe('a new CSV source’s configuration', () => {
  it('starts with the header switch on and a comma as delimiter, which the service reads alike when left as they are', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/\d+$/);
    const { user, router } = renderApp('/sources/new');
    await user.click(await screen.findByRole('radio', { name: 'CSV file' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Orders');
    await user.click(screen.getByRole('button', { name: 'Create source' }));
    await screen.findByText('Created “Orders”');

    expect(screen.getByRole('switch', { name: /^First row is a header/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Delimiter/ })).toHaveValue(',');

    await user.type(screen.getByRole('textbox', { name: /^File path or URL/ }), 'orders.csv');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/sources\/\d+$/);
    });
    expect(patches).toEqual([{ properties: { location: 'orders.csv' } }]);
  });

  it('sends the switch turned off for a headerless file', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/\d+$/);
    const { user } = renderApp('/sources/new');
    await user.click(await screen.findByRole('radio', { name: 'CSV file' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Headerless');
    await user.click(screen.getByRole('button', { name: 'Create source' }));
    await screen.findByText('Created “Headerless”');
    await user.type(screen.getByRole('textbox', { name: /^File path or URL/ }), 'plain.csv');
    await user.click(screen.getByRole('switch', { name: /^First row is a header/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(patches).toEqual([{ properties: { location: 'plain.csv', header: false } }]);
    });
  });
});
