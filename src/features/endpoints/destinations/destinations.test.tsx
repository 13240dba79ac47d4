import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

describe('destinations list', () => {
  it('lists the destinations the service returns', async () => {
    renderApp('/destinations');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(mockService.db.state.destinations.length + 1);
    expect(within(table).getByRole('link', { name: 'Reporting Postgres' })).toHaveAttribute('href', '/destinations/2');
  });

  it('pages with limit and offset in the URL', async () => {
    const { user, router } = renderApp('/destinations?limit=2');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ limit: 2, offset: 2 });
    });
    // Sorted by name by default: the second page of two holds the third and fourth names.
    expect(await screen.findByRole('link', { name: 'Partner warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reporting Postgres' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Data lake (Parquet files)' })).not.toBeInTheDocument();
  });

  it('says so when the service cannot list destinations, and offers the ones flows reference', async () => {
    mockService.failNext('listDestinations', { status: 404 });
    renderApp('/destinations');
    expect(await screen.findByText('This service does not list destinations')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Destination 2' })).toHaveAttribute('href', '/destinations/2');
  });
});

describe('creating a destination', () => {
  it('searches the specs as for a source, picks one, creates it, then saves the form drawn from its full spec', async () => {
    const posts = recordBodies('POST', /^\/v2\/destinations$/);
    const patches = recordBodies('PATCH', /^\/v2\/destinations\/\d+$/);
    const { user, router } = renderApp('/destinations/new');
    const specs = await screen.findByRole('radiogroup', { name: 'Destination spec' });
    await user.type(screen.getByRole('searchbox', { name: 'Search destination specs' }), 'analytical');
    expect(within(specs).getAllByRole('radio')).toHaveLength(1);
    const duckdb = within(specs).getByRole('radio', { name: 'DuckDB' });
    expect(within(duckdb).getByText('stable')).toBeInTheDocument();
    expect(within(duckdb).getByText('An in-process analytical database file.')).toBeInTheDocument();
    await user.click(duckdb);
    expect(duckdb).toHaveAttribute('aria-checked', 'true');
    const summary = await screen.findByRole('region', { name: 'Spec summary' });
    expect(within(summary).getByRole('link', { name: 'duckdb.org' })).toHaveAttribute('href', 'https://duckdb.org/');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Scratch DuckDB');
    await user.click(screen.getByRole('button', { name: 'Create destination' }));

    await user.type(await screen.findByRole('textbox', { name: /^Database file/ }), '/tmp/scratch.duckdb');
    expect(screen.queryByLabelText(/MotherDuck/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/destinations\/\d+$/);
    });
    expect(posts).toEqual([{ destinationSpec: 'duckdb', displayName: 'Scratch DuckDB' }]);
    expect(patches).toEqual([{ properties: { path: '/tmp/scratch.duckdb' } }]);
  });
});

describe('destination page', () => {
  afterEach(() => {
    mockService.db.verifyDelayMs = 0;
  });

  it('saves only the changed fields', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/destinations\/2$/);
    const { user } = renderApp('/destinations/2');
    const schema = await screen.findByRole('textbox', { name: 'Schema' });
    await user.clear(schema);
    await user.type(schema, 'staging');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Only the fields you changed were sent.')).toBeInTheDocument();
    expect(patches).toEqual([{ properties: { schema: 'staging' } }]);
    expect(mockService.db.destination(2)?.properties.password).toBe('loader-pass');
  });

  it('sets and clears its own limit of runs at once', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/destinations\/2$/);
    const { user } = renderApp('/destinations/2');
    const limit = await screen.findByRole('textbox', { name: 'Most runs loading at once' });
    expect(limit).toHaveValue('');
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(/A whole number from 1 to 1,000/)).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '2');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Saved: at most 2 at once.')).toBeInTheDocument();
    expect(mockService.db.destination(2)?.maxConcurrentRuns).toBe(2);
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Saved: no limit of its own.')).toBeInTheDocument();
    expect(patches).toEqual([{ maxConcurrentRuns: 2 }, { maxConcurrentRuns: null }]);
  });

  it('shows each verification message as a checklist item, counting down the 10-second bound meanwhile', async () => {
    mockService.db.verifyDelayMs = 1_500;
    const { user } = renderApp('/destinations/2');
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/s left of the 10-second limit/)).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Verification results' }, { timeout: 5_000 });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(within(results).getByText(/Connected to reporting.internal:5432\/reporting as loader/)).toBeInTheDocument();
    expect(screen.getByText('All 2 checks passed')).toBeInTheDocument();
  });

  it('lists the missing required properties as errors', async () => {
    const { user } = renderApp(`/destinations/${String(SEED.incompleteDestinationId)}`);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    const results = await screen.findByRole('list', { name: 'Verification results' });
    expect(within(results).getByText(/Error · path/)).toBeInTheDocument();
    expect(screen.getByText(/^1 of 1 checks failed$/)).toBeInTheDocument();
  });

  it('shows a timeout as a timeout', async () => {
    const { user } = renderApp(`/destinations/${String(SEED.slowDestinationId)}`);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Timed out.*10-second limit/);
  });

  it('says when the destination is gone', async () => {
    mockService.failNext('verifyDestination', { status: 404 });
    const { user } = renderApp('/destinations/1');
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Destination not found')).toBeInTheDocument();
  });

  it('notes that verify checks the saved configuration while the form has unsaved changes', async () => {
    const { user } = renderApp('/destinations/1');
    const schema = await screen.findByRole('textbox', { name: /^Schema/ });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.type(schema, '_v2');
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByText(/Verify checks what is saved/)).toBeInTheDocument();
  });
});
