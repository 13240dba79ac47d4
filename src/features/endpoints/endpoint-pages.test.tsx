import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { flowRecord, SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// The pages sources and destinations share (endpoints-page, endpoint-header, endpoint-delete-dialog): the
// "Used by" column, search and sort in the URL, Delete (refused while flows use it) and Rename.

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('link', { name }).closest('tr') as HTMLElement;

describe('the lists', () => {
  it('show which flows use each, linked, and “No flow” for an unused one', async () => {
    renderApp('/destinations');
    const table = await screen.findByRole('table');
    const partner = rowOf(table, 'Partner warehouse');
    await waitFor(() => {
      expect(within(partner).getByRole('link', { name: 'Partner stock to partner warehouse' })).toHaveAttribute('href', '/flows/13');
    });
    expect(within(rowOf(table, 'Staging DuckDB (incomplete)')).getByText('No flow')).toBeInTheDocument();
    // Many flows: the first three and how many more.
    expect(within(rowOf(table, 'Analytics warehouse')).getByText('and 2 more')).toBeInTheDocument();
  });

  it('search by name, spec or flow, with the search in the URL', async () => {
    const { user, router } = renderApp('/sources');
    const table = await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'crm');
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(table).getByRole('link', { name: 'Legacy CRM' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 6 sources match');
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ q: 'crm' });
    });
  });

  it('open with the search and sort of a shared link, and sort by another field and direction', async () => {
    const { user, router } = renderApp('/sources?q=postgres&sort=name&dir=desc');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('postgres');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('link')[0]?.textContent);
    expect(names()).toEqual(['Production orders DB', 'Partner stock database', 'Legacy CRM']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Name');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'How many flows use it' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ q: 'postgres', sort: 'usedBy', dir: 'desc' });
    });
    expect(names()).toEqual(['Production orders DB', 'Legacy CRM', 'Partner stock database']);
    await user.click(screen.getByRole('button', { name: 'Sort ascending' }));
    await waitFor(() => {
      // Ascending is the default, so the URL leaves it out.
      expect(router.state.location.search).toEqual({ q: 'postgres', sort: 'usedBy' });
    });
    expect(names()).toEqual(['Partner stock database', 'Legacy CRM', 'Production orders DB']);
  });
});

describe('Delete', () => {
  it('is refused for a source that flows use, naming them, and sends nothing', async () => {
    const deletes = recordBodies('DELETE', /^\/v2\/sources\/\d+$/);
    const { user } = renderApp('/sources');
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(within(rowOf(table, 'Billing API')).getByRole('link', { name: 'Billing to warehouse' })).toBeInTheDocument();
    });
    await user.click(within(table).getByRole('button', { name: 'Delete Billing API' }));
    const dialog = await screen.findByRole('dialog', { name: '“Billing API” cannot be deleted' });
    const flows = within(dialog).getByRole('list', { name: 'Flows using “Billing API”' });
    expect(
      within(flows)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Billing to warehouse', 'Billing to data lake', 'Billing to reporting']);
    expect(within(dialog).queryByRole('button', { name: 'Delete source' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(deletes).toEqual([]);
    expect(mockService.db.source(3)).toBeDefined();
  });

  it('shows the service’s refusal, then the flows, when a flow appeared since the list was read', async () => {
    const { user } = renderApp('/destinations');
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(within(rowOf(table, 'Staging DuckDB (incomplete)')).getByText('No flow')).toBeInTheDocument();
    });
    mockService.db.state.flows.push(
      flowRecord({
        id: 99,
        displayName: 'Made elsewhere',
        source: 1,
        destination: SEED.incompleteDestinationId,
        frequency: 'manual',
        cron: null,
        paused: false,
      }),
    );
    await user.click(within(table).getByRole('button', { name: 'Delete Staging DuckDB (incomplete)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the destination “Staging DuckDB (incomplete)”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete destination' }));
    const refused = await screen.findByRole('dialog', { name: '“Staging DuckDB (incomplete)” cannot be deleted' });
    expect(within(refused).getByRole('link', { name: 'Made elsewhere' })).toHaveAttribute('href', '/flows/99');
    expect(mockService.db.destination(SEED.incompleteDestinationId)).toBeDefined();
  });

  it('asks first for an unused destination, naming it, then removes it from the list', async () => {
    const { user } = renderApp('/destinations');
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(within(rowOf(table, 'Staging DuckDB (incomplete)')).getByText('No flow')).toBeInTheDocument();
    });
    await user.click(within(table).getByRole('button', { name: 'Delete Staging DuckDB (incomplete)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the destination “Staging DuckDB (incomplete)”?' });
    expect(within(dialog).getByText(/No flow uses “Staging DuckDB \(incomplete\)”/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete destination' }));
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Staging DuckDB (incomplete)' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockService.db.destination(SEED.incompleteDestinationId)).toBeUndefined();
  });

  it('from a source’s page: asks, deletes, and returns to the list', async () => {
    mockService.db.state.flows = mockService.db.state.flows.filter((flow) => flow.source !== SEED.incompleteSourceId);
    const { user, router } = renderApp(`/sources/${String(SEED.incompleteSourceId)}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the source “Partner stock database”?' });
    expect(within(dialog).getByText(/Its configuration card links stop working/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete source' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sources');
    });
    expect(await screen.findByRole('table')).not.toHaveTextContent('Partner stock database');
  });
});

describe('Rename', () => {
  it('renames a destination in its page header, sending only the name', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/destinations\/2$/);
    const { user } = renderApp('/destinations/2');
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByRole('textbox', { name: 'New name' });
    expect(field).toHaveValue('Reporting Postgres');
    await user.clear(field);
    await user.type(field, 'Reporting (EU){Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting (EU)' })).toBeInTheDocument();
    expect(patches).toEqual([{ displayName: 'Reporting (EU)' }]);
    expect(screen.getByText('Renamed.')).toBeInTheDocument();
  });

  it('refuses a blank name and leaves the name as it was on Escape', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/1$/);
    const { user } = renderApp('/sources/1');
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    await user.clear(screen.getByRole('textbox', { name: 'New name' }));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New name' }), 'x{Escape}');
    expect(screen.getByRole('heading', { level: 1, name: 'Production orders DB' })).toBeInTheDocument();
    expect(patches).toEqual([]);
  });
});

describe('Test connection', () => {
  it('sits beside Save on the source’s configuration, and what it finds shows under the form', async () => {
    const { user } = renderApp('/sources/1');
    const save = await screen.findByRole('button', { name: 'Save' });
    const test = screen.getByRole('button', { name: 'Test connection' });
    expect(save.parentElement).toBe(test.parentElement);
    await user.click(test);
    const results = await screen.findByRole('list', { name: 'Verification results' });
    expect(within(results).getByText(/Connected to Production orders DB/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Test connection' })).toContainElement(results);
  });
});
