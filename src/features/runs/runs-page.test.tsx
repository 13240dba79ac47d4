import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

async function openRuns(path = '/runs') {
  const view = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Runs' }, { timeout: 8_000 });
  return { ...view, table };
}

const runsCalls = () => mockService.calls.filter((call) => call.operation === 'listRuns').map((call) => new URL(call.url).searchParams);

describe('Runs page', () => {
  it('is in the navigation and lists flow attempts and workflow runs together', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Runs' }));
    const table = await screen.findByRole('table', { name: 'Runs' }, { timeout: 8_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.some((row) => within(row).queryByText('Flow'))).toBe(true);
    expect(rows.some((row) => within(row).queryByText('Workflow'))).toBe(true);
  });

  it('filters by status and by what ran, in the URL, and asks the service for exactly that', async () => {
    const { user, history } = await openRuns();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => {
      expect(history.location.search).toContain('status=failed');
    });
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Runs' }))
        .getAllByRole('row')
        .slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(within(row).getByText(/Failed|Cancelled/)).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'What ran' }), 'flow:3');
    await waitFor(() => {
      expect(history.location.search).toContain('flow=3');
    });
    await waitFor(() => {
      const last = runsCalls().at(-1);
      expect(last?.get('status')).toBe('failed');
      expect(last?.get('flow')).toBe('3');
    });
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Runs' }))
        .getAllByRole('row')
        .slice(1);
      for (const row of rows) expect(within(row).getByRole('link', { name: /^CRM to warehouse #\d+$/ })).toBeInTheDocument();
    });
  });

  it('shows a queued run as queued, with what it waits for', async () => {
    const lake = mockService.db.destination(3);
    if (!lake) throw new Error('the demo data lake');
    lake.maxConcurrentRuns = 1;
    // Flows 5 and 8 both load into the data lake: the second waits for the first.
    mockService.db.startFlowRun(5);
    mockService.db.startFlowRun(8);
    const { table } = await openRuns('/runs?status=pending');
    const row = await within(table).findByRole('row', { name: /Sample data to data lake #\d+/ });
    expect(within(row).getByText('Queued: 1 run ahead for “Data lake (Parquet files)”')).toBeInTheDocument();
  });

  it('reads a shared URL, and a bad filter falls back to none', async () => {
    await openRuns('/runs?status=bogus&trigger=manual');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
    expect(screen.getByRole('combobox', { name: 'Trigger' })).toHaveValue('manual');
    expect(runsCalls().at(-1)?.get('trigger')).toBe('manual');
    expect(runsCalls().at(-1)?.has('status')).toBe(false);
  });

  it('pages older runs with the service’s cursor', async () => {
    const { user } = await openRuns();
    const more = await screen.findByRole('button', { name: 'Show older runs' });
    const before = within(screen.getByRole('table', { name: 'Runs' })).getAllByRole('row').length;
    await user.click(more);
    await waitFor(() => {
      expect(within(screen.getByRole('table', { name: 'Runs' })).getAllByRole('row').length).toBeGreaterThan(before);
    });
    expect(runsCalls().some((params) => params.has('cursor'))).toBe(true);
  });

  it('sorts oldest first from the URL, asks the service for that order, and pages on in it', async () => {
    const { user, history } = await openRuns();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'oldest');
    await waitFor(() => {
      expect(history.location.search).toContain('sort=oldest');
    });
    await waitFor(() => {
      expect(runsCalls().at(-1)?.get('order')).toBe('asc');
    });
    const started = () =>
      within(screen.getByRole('table', { name: 'Runs' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => Date.parse(row.querySelector('time')?.getAttribute('datetime') ?? ''));
    await waitFor(() => {
      const times = started();
      expect(times.length).toBeGreaterThan(1);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });
    await user.click(await screen.findByRole('button', { name: 'Show newer runs' }));
    await waitFor(() => {
      expect(runsCalls().some((params) => params.get('order') === 'asc' && params.has('cursor'))).toBe(true);
    });
    await waitFor(() => {
      const times = started();
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });
  });
});
