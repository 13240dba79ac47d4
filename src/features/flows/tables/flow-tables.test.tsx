import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlowStatus } from '@/api/flows';
import { formatCount } from '@/lib/format';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';
import { setViewportWidth } from '@/test/viewport';

// The Tables section of a flow's page. Flow 1 (Production orders DB → Analytics warehouse, a DuckDB file)
// keeps orders deduplicated by updated_at, order_items appended by order_id, customers appended in full;
// flow 5 reads a REST API (no cursor parameter) into a files destination.

async function openTables(flowId: number) {
  const view = renderApp(`/flows/${String(flowId)}`);
  const section = await screen.findByRole('region', { name: 'Tables' });
  const table = await within(section).findByRole('table', { name: 'Tables of this flow' });
  return { ...view, section, table };
}

/** The row of a resource (its first cell names it). */
function rowOf(table: HTMLElement, resource: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryAllByRole('cell')[0]?.textContent.startsWith(resource));
  if (!row) throw new Error(`no row for ${resource}`);
  return row;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openEditor(user: UserEvent, resource: string) {
  await user.click(screen.getByRole('button', { name: `Edit how ${resource} is kept` }));
  return screen.findByRole('form', { name: `How ${resource} is kept` });
}

/** The options a Select or MultiSelect of the editor offers, opened by a click. */
async function optionsOf(user: UserEvent, form: HTMLElement, name: string) {
  await user.click(within(form).getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox).getAllByRole('option');
}

describe('the Tables section', () => {
  it('lists each table with its target, mode, cursor field, key and saved cursor', async () => {
    const { table } = await openTables(1);
    const orders = cellsOf(rowOf(table, 'orders'));
    expect(orders[0]).toContain('analytics.orders');
    expect(orders[1]).toBe('Incremental, deduplicatedincremental_deduped');
    expect(orders[2]).toBe('updated_at');
    expect(orders[3]).toBe('idthe table’s own');
    expect(orders[4]).toMatch(/advanced .+ ago$/);
    const items = cellsOf(rowOf(table, 'order_items'));
    expect(items[3]).toBe('order_id, linethe table’s own');
    expect(items[4]).toMatch(/^\d+advanced/);
    const customers = cellsOf(rowOf(table, 'customers'));
    expect(customers[2]).toBe('Not used');
    expect(customers[4]).toBe('Not used by this mode');
  });

  it('shows a table’s columns and types, and its last schema change as a diff', async () => {
    const { user, table } = await openTables(1);
    expect(within(rowOf(table, 'customers')).getByText('Columns changed')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show the columns of customers' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const columns = screen.getByRole('table', { name: 'Columns of customers' });
    expect(
      within(columns)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(expect.arrayContaining(['ColumnType', 'emailtext', 'updated_attimestamp', '_flowdeck_extracted_attimestamp', '_flowdeck_attempt_idbigint']));
    const diff = screen.getByRole('group', { name: 'Last schema change' });
    expect(diff).toHaveTextContent('addedcountry text');
    expect(diff).toHaveTextContent('removedfax (kept in the table, empty in new rows)');
    expect(diff).toHaveTextContent('type changedid integer → bigint');
  });

  it('edits a mode in place: the cursor picker offers only the columns that can serve as one, the key picker the table’s columns', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/flows\/1$/);
    const { user, table } = await openTables(1);
    const form = await openEditor(user, 'customers');
    const mode = within(form).getByRole('combobox', { name: 'Mode' });
    expect(mode).toHaveAccessibleDescription('Every run reads all rows and adds them: the table keeps a copy from each run.');
    expect(within(form).queryByRole('combobox', { name: 'Cursor field' })).not.toBeInTheDocument();

    await optionsOf(user, form, 'Mode');
    await user.click(screen.getByRole('option', { name: /^Incremental, deduplicated/ }));
    expect(mode).toHaveAccessibleDescription('Each run reads only rows past the saved cursor; the table keeps one row per primary key, the newest.');
    const cursors = await optionsOf(user, form, 'Cursor field');
    // customers: id bigint, name, email, country text, created_at, updated_at timestamp.
    expect(cursors.map((option) => option.textContent)).toEqual(['id', 'created_at', 'updated_at']);
    await user.click(screen.getByRole('option', { name: 'updated_at' }));
    const keys = await optionsOf(user, form, 'Primary key');
    expect(keys.map((option) => option.textContent)).toEqual([
      'id (bigint)',
      'name (text)',
      'email (text)',
      'country (text)',
      'created_at (timestamp)',
      'updated_at (timestamp)',
    ]);
    await user.click(screen.getByRole('option', { name: 'email (text)' }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(screen.queryByRole('form', { name: 'How customers is kept' })).not.toBeInTheDocument();
    });
    expect(patches).toEqual([{ resources: [{ name: 'customers', syncMode: 'incremental_deduped', cursorField: 'updated_at', primaryKey: ['email'] }] }]);
    await waitFor(() => {
      expect(cellsOf(rowOf(table, 'customers')).slice(1, 4)).toEqual(['Incremental, deduplicatedincremental_deduped', 'updated_at', 'email']);
    });
  });

  it('asks for a cursor before saving an incremental mode, and shows the service’s refusal in place', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/flows\/1$/);
    const { user } = await openTables(1);
    const form = await openEditor(user, 'customers');
    await optionsOf(user, form, 'Mode');
    await user.click(screen.getByRole('option', { name: /^Incremental, append/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Choose the column whose greater values mark new or changed rows.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await optionsOf(user, form, 'Cursor field');
    await user.click(screen.getByRole('option', { name: 'id' }));
    mockService.failNext('updateFlow', { status: 400, message: 'Flow “Other” (#9) already writes analytics.customers in this destination.' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Flow “Other” (#9) already writes analytics.customers in this destination.')).toBeInTheDocument();
  });

  it('shows each sentence of the service’s refusal beside the field it is about', async () => {
    const { user } = await openTables(1);
    const form = await openEditor(user, 'customers');
    await optionsOf(user, form, 'Mode');
    await user.click(screen.getByRole('option', { name: /^Incremental, deduplicated/ }));
    await optionsOf(user, form, 'Cursor field');
    await user.click(screen.getByRole('option', { name: 'created_at' }));
    await optionsOf(user, form, 'Primary key');
    await user.click(screen.getByRole('option', { name: 'email (text)' }));
    await user.keyboard('{Escape}');
    mockService.failNext('updateFlow', {
      status: 400,
      message:
        'Bad Request: Resource “customers”: “created_at” cannot serve as a cursor; choose one of “updated_at”. Resource “customers”: the primary key names “email”, which it does not have.',
    });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const cursor = within(form).getByRole('combobox', { name: 'Cursor field' });
    await waitFor(() => {
      expect(cursor).toHaveAccessibleDescription(
        expect.stringContaining('Resource “customers”: “created_at” cannot serve as a cursor; choose one of “updated_at”.'),
      );
    });
    expect(cursor).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Resource “customers”: the primary key names “email”, which it does not have.')).toBeInTheDocument();
    // Each beside its field, none left in a box below.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what the latest run did with each table: the rows it kept, and when', async () => {
    const { table } = await openTables(1);
    const { lastAttempt } = await getFlowStatus(1);
    const kept = (name: string) => formatCount(lastAttempt?.resources.find((resource) => resource.name === name)?.loaded ?? -1);
    await waitFor(() => {
      expect(cellsOf(rowOf(table, 'orders'))[5]).toMatch(new RegExp(`^${kept('orders')} loaded\\d+ min ago$`));
    });
    expect(cellsOf(rowOf(table, 'customers'))[5]).toMatch(new RegExp(`^${kept('customers')} loaded`));
  });

  it('shows the modes the source or destination cannot honour disabled, with the reason', async () => {
    const { user } = await openTables(5);
    const form = await openEditor(user, 'invoices');
    await optionsOf(user, form, 'Mode');
    // Every mode is listed, those that cannot be chosen too.
    const modes = await waitFor(() => {
      const all = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(all).toHaveLength(4);
      return all;
    });
    const byName = (name: string) => modes.find((option) => option.textContent.startsWith(name));
    expect(byName('Full refresh, overwrite')).not.toHaveAttribute('aria-disabled');
    expect(byName('Incremental, append')).toHaveAttribute('aria-disabled', 'true');
    expect(byName('Incremental, append')).toHaveTextContent(
      'Not available: A REST API source reads every record on each run unless its Cursor parameter (cursor_param) is set.',
    );
    expect(byName('Incremental, deduplicated')).toHaveTextContent(
      'Not available: A files destination keeps every row it is given: it cannot keep one row per key.',
    );
  });
});

describe('a service without flow tables (the hosted interface)', () => {
  it('shows no Tables section, and no error, where the service does not answer a flow’s state', async () => {
    mockService.failNext('getFlowState', { status: 404 });
    renderApp('/flows/1');
    expect(await screen.findByRole('region', { name: 'Latest attempt' })).toBeInTheDocument();
    await waitFor(() => {
      expect(mockService.calls.some((call) => call.operation === 'getFlowState')).toBe(true);
    });
    expect(screen.queryByRole('region', { name: 'Tables' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
  });
});

describe('re-sync and reset', () => {
  it('re-syncs one table after saying what happens to its data, and starts the run', async () => {
    const resyncs = recordBodies('POST', /^\/v2\/flows\/1\/resync$/);
    const { user } = await openTables(1);
    await user.click(screen.getByRole('button', { name: 'Re-sync orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-sync orders?' });
    expect(dialog).toHaveTextContent(
      'The saved cursor of orders is cleared and a run starts now that reads it in full and replaces analytics.orders when it finishes. The table ends up holding the source’s rows, one per key: rows deleted in the source are gone from it too.',
    );
    expect(dialog).toHaveTextContent('if the run fails or is cancelled, the table stays as it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Re-sync' }));
    expect(await screen.findByText('Re-sync started: the run reads in full and replaces the tables when it finishes.')).toBeInTheDocument();
    expect(resyncs).toEqual([{ resources: ['orders'] }]);
    expect(await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText('Running')).toBeInTheDocument();
    // A run is going: a second re-sync would be refused, so it waits.
    expect(await screen.findByText('A run is going: re-sync waits until it ends.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-sync all' })).toBeDisabled();
  });

  it('re-syncs every table, naming what becomes of each', async () => {
    const resyncs = recordBodies('POST', /^\/v2\/flows\/1\/resync$/);
    const { user } = await openTables(1);
    await user.click(screen.getByRole('button', { name: 'Re-sync all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-sync all tables?' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^analytics\.orders: The table ends up holding the source’s rows, one per key/),
      'analytics.order_items: The rows earlier runs added are dropped: the table ends up holding the source’s rows once, and later runs add from the new cursor.',
      'analytics.customers: The copies earlier runs added are dropped: the table ends up holding the source’s rows once.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Re-sync all' }));
    await screen.findByText('Re-sync started: the run reads in full and replaces the tables when it finishes.');
    expect(resyncs).toEqual([{}]);
  });

  it('resets a table’s state after saying what its next run does, and shows the cursor gone', async () => {
    const { user, table } = await openTables(1);
    await user.click(screen.getByRole('button', { name: 'Reset the state of order_items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the state of order_items?' });
    expect(dialog).toHaveTextContent('Nothing runs now, and analytics.order_items keeps its rows.');
    expect(dialog).toHaveTextContent(
      /Its saved cursor \(\d+\) is forgotten: the next run reads every row again and adds them, so the table will hold its rows plus all of them again\. To start the table over instead, re-sync it\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset state' }));
    expect(await screen.findByText('State of order_items reset: its next run reads it in full.')).toBeInTheDocument();
    await waitFor(() => {
      expect(cellsOf(rowOf(table, 'order_items'))[4]).toBe('None yet: the next run reads every row');
    });
    expect(mockService.calls.filter((call) => call.operation === 'resetFlowState').map((call) => new URL(call.url).search)).toEqual(['?resource=order_items']);
  });

  it('keeps the dialog open with the service’s refusal', async () => {
    const { user } = await openTables(1);
    mockService.failNext('resyncFlow', { status: 400, message: 'Flow 1 is already running.' });
    await user.click(screen.getByRole('button', { name: 'Re-sync customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-sync customers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Re-sync' }));
    expect(await within(dialog).findByText('Flow 1 is already running.')).toBeInTheDocument();
  });
});

describe('on a phone', () => {
  it('draws a card per table with its fields one under the other', async () => {
    setViewportWidth(390);
    renderApp('/flows/1');
    const section = await screen.findByRole('region', { name: 'Tables' });
    const list = await within(section).findByRole('list', { name: 'Tables of this flow' });
    expect(within(section).queryByRole('table', { name: 'Tables of this flow' })).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const first = cards[0] ?? list;
    expect(within(first).getByText('analytics.orders')).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Mode', 'Cursor field', 'Primary key', 'Saved cursor', 'Last run']);
    expect(within(first).getByRole('button', { name: 'Re-sync orders' })).toBeInTheDocument();
  });
});
