import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withFixedClock } from '@/test/fixed-clock';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// Freshness depends on the clock (cron flows fire at fixed times): the seed is laid out at a fixed moment.
withFixedClock('2026-03-10T12:07:00Z');

describe('freshness on the overview', () => {
  it('counts late and failing flows and workflows, each flow count a link to the list filtered so', async () => {
    const { user, router } = renderApp('/');
    const summary = await screen.findByRole('region', { name: 'Freshness' });
    expect(within(summary).getByRole('link', { name: '1 late' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: '1 failing' })).toHaveAttribute('href', '/workflows');
    await user.click(within(summary).getByRole('link', { name: '2 failing' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flows');
    });
    expect(router.state.location.search).toMatchObject({ freshness: 'failing' });
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['CRM to reporting', 'CRM to warehouse']);
    });
  });

  it('says so when nothing is late or failing', async () => {
    const { db } = mockService;
    db.state.flowRuns = [];
    db.state.workflowRuns = [];
    for (const flow of db.state.flows) flow.paused = true;
    for (const workflow of db.state.workflows) workflow.enabled = false;
    renderApp('/');
    const summary = await screen.findByRole('region', { name: 'Freshness' });
    expect(within(summary).getByText('nothing late or failing.')).toBeInTheDocument();
    expect(within(summary).queryByRole('link')).toBeNull();
  });
});
