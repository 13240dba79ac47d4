import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// The new-flow and edit-flow forms say where a flow's tables go (its namespace, with what an empty one means,
// worked out as the service will; a prefix) and what happens when a table's columns change.

type User = ReturnType<typeof renderApp>['user'];

async function pick(user: User, label: string, option: string) {
  const select = await screen.findByRole('combobox', { name: label });
  await waitFor(() => {
    expect(select).toBeEnabled();
  });
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('a new flow’s tables', () => {
  it('shows the namespace an empty field gives, unique in the destination, and the tables it makes', async () => {
    const posts = recordBodies('POST', /^\/v2\/flows$/);
    const { user } = renderApp('/flows/new');
    // Sample data to warehouse (#7) already writes into sample_data_to_warehouse of the Analytics warehouse.
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Sample data to warehouse');
    await pick(user, 'Source', 'Production orders DB');
    await pick(user, 'Destination', 'Analytics warehouse');
    const namespace = screen.getByRole('textbox', { name: 'Namespace' });
    await waitFor(() => {
      expect(namespace).toHaveAccessibleDescription(
        'The schema the flow’s tables go in (a folder for a files destination). Empty: sample_data_to_warehouse_2, named from the flow’s name.',
      );
    });
    expect(namespace).toHaveAttribute('placeholder', 'sample_data_to_warehouse_2');
    expect(
      await screen.findByText('sample_data_to_warehouse_2.orders, sample_data_to_warehouse_2.order_items, sample_data_to_warehouse_2.customers'),
    ).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Table prefix' }), 'raw_');
    expect(screen.getByText(/^sample_data_to_warehouse_2\.raw_orders, /)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pause the flow' }));
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sample data to warehouse' })).toBeInTheDocument();
    expect(posts).toEqual([
      { displayName: 'Sample data to warehouse', source: 1, destination: 1, frequency: 'manual', tablePrefix: 'raw_', schemaChanges: 'pause' },
    ]);
    expect(mockService.db.state.flows.at(-1)).toMatchObject({ namespace: 'sample_data_to_warehouse_2', tablePrefix: 'raw_', schemaChanges: 'pause' });
  });

  it('sends a namespace typed, and refuses one that is not an identifier before sending', async () => {
    const posts = recordBodies('POST', /^\/v2\/flows$/);
    const { user } = renderApp('/flows/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Orders again');
    await pick(user, 'Source', 'Production orders DB');
    await pick(user, 'Destination', 'Analytics warehouse');
    const namespace = screen.getByRole('textbox', { name: 'Namespace' });
    await user.type(namespace, 'orders-2');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('Use letters, digits and underscores (at most 63), starting with a letter or an underscore.')).toBeInTheDocument();
    expect(posts).toEqual([]);

    // analytics is where Orders to warehouse (#1) writes the same tables: the service refuses, naming it.
    await user.clear(namespace);
    await user.type(namespace, 'analytics');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    // Beside the field it is about, not in a box below the form.
    await waitFor(() => {
      expect(namespace).toHaveAccessibleDescription(
        expect.stringContaining('Flow “Orders to warehouse” (#1) already writes analytics.orders in this destination.'),
      );
    });
    expect(namespace).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(posts).toEqual([expect.objectContaining({ namespace: 'analytics' })]);
  });
});

describe('an existing flow’s tables', () => {
  it('shows the destination’s default for a flow without a namespace, and warns that a new one moves its tables', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/flows\/1$/);
    const { user, router } = renderApp('/flows/1/edit');
    const namespace = await screen.findByRole('textbox', { name: 'Namespace' });
    expect(namespace).toHaveValue('');
    await waitFor(() => {
      expect(namespace).toHaveAccessibleDescription(
        'The schema the flow’s tables go in (a folder for a files destination). Empty: the destination’s default, analytics.',
      );
    });
    expect(screen.getByRole('radio', { name: 'Follow them' })).toBeChecked();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await user.type(namespace, 'orders_wh');
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Its next run writes into these new tables. The tables it wrote so far stay where they are');
    expect(screen.getByText('orders_wh.orders, orders_wh.order_items, orders_wh.customers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flows/1');
    });
    expect(patches).toEqual([{ namespace: 'orders_wh' }]);
    const tables = await screen.findByRole('table', { name: 'Tables of this flow' });
    expect(await within(tables).findByText('orders_wh.orders')).toBeInTheDocument();
  });
});
