import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STARTER_API_KEY } from '@/mock-service/auth';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

describe('overview', () => {
  it('lists what runs now with its progress, and the latest failures with their errors', async () => {
    renderApp('/');
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(await within(running).findByRole('link', { name: 'Sample backfill to reporting' })).toBeInTheDocument();
    expect(await within(running).findByRole('link', { name: 'Lake sync' })).toBeInTheDocument();
    // No percentage of an unknown total: counts, and for a flow the rate and how long it has run.
    expect(within(running).queryAllByRole('progressbar')).toHaveLength(0);
    expect(within(running).getAllByText(/[\d,]+ extracted · [\d,]+ analyzed · [\d,]+ loaded/).length).toBeGreaterThanOrEqual(2);
    expect(within(running).getByText(/rows\/s · running for \d/)).toBeInTheDocument();
    const failures = screen.getByRole('region', { name: 'Latest failures' });
    expect(await within(failures).findByRole('link', { name: 'CRM to warehouse' })).toBeInTheDocument();
    expect(within(failures).getAllByText(/password authentication failed/).length).toBeGreaterThan(0);
  });

  it('shows a run cancelled by a user as Cancelled, not among the failures', async () => {
    const run = mockService.db.activeFlowRun(SEED.runningFlowId);
    if (!run) throw new Error('the seed has no running flow');
    mockService.db.cancelRun(run);
    renderApp('/');
    const failures = await screen.findByRole('region', { name: 'Latest failures' });
    expect(await within(failures).findByRole('link', { name: 'CRM to warehouse' })).toBeInTheDocument();
    expect(within(failures).queryByRole('link', { name: 'Sample backfill to reporting' })).not.toBeInTheDocument();
    expect(within(failures).queryByText('Cancelled')).not.toBeInTheDocument();
    const running = screen.getByRole('region', { name: 'Running now' });
    expect(within(running).queryByRole('link', { name: 'Sample backfill to reporting' })).not.toBeInTheDocument();
  });

  it('still shows flows when the plan has no workflows', async () => {
    renderApp('/', { apiKey: STARTER_API_KEY });
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(await within(running).findByRole('link', { name: 'Sample backfill to reporting' })).toBeInTheDocument();
    expect(await screen.findByText('Your current plan does not support workflows.')).toBeInTheDocument();
  });
});
