import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withFixedClock } from '@/test/fixed-clock';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// Freshness depends on the clock (cron flows fire at fixed times): the seed is laid out at a fixed moment.
withFixedClock('2026-03-10T12:07:00Z');

// Freshness in the flows list: a badge per row (the mock works it out by the service's rule) and a
// filter kept in the URL.

const listedNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('link')
    .map((link) => link.textContent);

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('link', { name }).closest('tr') as HTMLElement;

describe('freshness in the flows list', () => {
  it('shows each flow’s freshness as a badge', async () => {
    renderApp('/flows');
    const table = await screen.findByRole('table');
    expect(within(rowOf(table, 'Billing to data lake')).getByText('Late')).toBeInTheDocument();
    expect(within(rowOf(table, 'CRM to warehouse')).getByText('Failing')).toBeInTheDocument();
    expect(within(rowOf(table, 'Orders to warehouse')).getByText('On time')).toBeInTheDocument();
    expect(within(rowOf(table, 'Billing to reporting')).getByText('Manual')).toBeInTheDocument();
    expect(within(rowOf(table, 'Partner stock to partner warehouse')).getAllByText('Never run').length).toBeGreaterThan(0);
  });

  it('filters by freshness from the URL and from the Freshness field, which writes the URL', async () => {
    const { user, router } = renderApp('/flows?freshness=failing');
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(listedNames(table)).toEqual(['CRM to reporting', 'CRM to warehouse']);
    });
    expect(screen.getByText(/^2 of 14 flows match/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Freshness' }));
    await user.click(await screen.findByRole('option', { name: 'Late' }));
    await waitFor(() => {
      expect(listedNames(table)).toEqual(['Billing to data lake']);
    });
    expect(router.state.location.search).toMatchObject({ freshness: 'late' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(listedNames(table)).toHaveLength(14);
    });
  });

  it('offers neither the column nor the filter when the service does not report freshness (the hosted one)', async () => {
    const hostedFlow = { id: 1, displayName: 'Orders to warehouse', source: 1, destination: 1, frequency: '1h' };
    mockService.fail('listFlows', { status: 200, body: { data: [hostedFlow] } });
    renderApp('/flows');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Orders to warehouse' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Freshness' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Freshness' })).toBeNull();
  });

  it('reads an unknown freshness in the URL as no filter', async () => {
    renderApp('/flows?freshness=stale');
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(listedNames(table)).toHaveLength(14);
    });
  });
});
