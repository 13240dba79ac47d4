import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

function flowNames(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('flows list', () => {
  it('shows source and destination names and each visible row’s last attempt', async () => {
    renderApp('/flows');
    const table = await screen.findByRole('table');
    expect(await within(table).findAllByText('Production orders DB')).not.toHaveLength(0);
    await waitFor(() => {
      expect(within(table).getAllByText('Failed').length).toBeGreaterThan(0);
    });
    expect(within(table).getByText('Running')).toBeInTheDocument();
    // The flow never run says it twice: its last attempt and its freshness.
    expect(within(table).getAllByText('Never run')).toHaveLength(2);
  });

  it('offers a New flow button that opens the new-flow form', async () => {
    const { user, router } = renderApp('/flows');
    await screen.findByRole('table');
    await user.click(screen.getByRole('link', { name: 'New flow' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flows/new');
    });
    expect(await screen.findByRole('heading', { name: /new flow/i })).toBeInTheDocument();
  });

  it('searches as the user types and keeps the search in the URL', async () => {
    const { user, router } = renderApp('/flows');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'crm');
    await waitFor(() => {
      expect(flowNames()).toEqual(['CRM to reporting', 'CRM to warehouse']);
    });
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ q: 'crm' });
    });
  });

  it('keeps a ticked flow ticked while the search hides and shows it again', async () => {
    const { user } = renderApp('/flows');
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('checkbox', { name: 'Select CRM to warehouse' }));
    const field = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(field, 'billing');
    await waitFor(() => {
      expect(within(table).queryByRole('link', { name: 'CRM to warehouse' })).not.toBeInTheDocument();
    });
    // Ticked but not listed: the bulk actions are for listed flows only.
    expect(screen.queryByRole('region', { name: 'Selected flows' })).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'crm');
    await waitFor(() => {
      expect(flowNames()).toEqual(['CRM to reporting', 'CRM to warehouse']);
    });
    expect(within(table).getByRole('checkbox', { name: 'Select CRM to warehouse' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select CRM to reporting' })).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Selected flows' })).toHaveTextContent('1 selected');
  });

  it('empties the search field when Clear filters empties the search', async () => {
    const { user, router } = renderApp('/flows');
    await screen.findByRole('table');
    const field = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(field, 'crm');
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ q: 'crm' });
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(field).toHaveValue('');
    });
    expect(screen.getByText(`${String(mockService.db.state.flows.length)} flows`)).toBeInTheDocument();
  });

  it('reads schedule filter and sort from the URL', async () => {
    renderApp('/flows?schedule=cron&sort=name&dir=desc');
    await screen.findByRole('table');
    const cronFlows = mockService.db.state.flows.filter((flow) => flow.cron).map((flow) => flow.displayName);
    expect(flowNames()).toEqual([...cronFlows].sort((a, b) => b.localeCompare(a)));
  });

  it('filters by last attempt status, reading the statuses it needs', async () => {
    renderApp('/flows?status=failed');
    await waitFor(() => {
      expect(flowNames()).toEqual(['CRM to reporting', 'CRM to warehouse']);
    });
    expect(screen.getByText(/^2 of 14 flows match/)).toBeInTheDocument();
  });

  it('shows a run cancelled by a user as Cancelled, filtered apart from the failures', async () => {
    const run = mockService.db.activeFlowRun(SEED.runningFlowId);
    if (!run) throw new Error('the seed has no running flow');
    mockService.db.cancelRun(run);
    const first = renderApp('/flows?status=cancelled');
    await waitFor(() => {
      expect(flowNames()).toEqual(['Sample backfill to reporting']);
    });
    expect(within(screen.getByRole('table')).getByText('Cancelled')).toBeInTheDocument();
    first.unmount();
    renderApp('/flows?status=failed');
    await waitFor(() => {
      expect(flowNames()).toEqual(['CRM to reporting', 'CRM to warehouse']);
    });
  });

  it('falls back to ids when the service cannot list sources', async () => {
    mockService.fail('listSources', { status: 404 });
    renderApp('/flows?q=orders%20to%20warehouse');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Source 1')).toBeInTheDocument();
  });
});
