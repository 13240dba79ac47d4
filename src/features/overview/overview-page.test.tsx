import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STARTER_API_KEY } from '@/mock-service/auth';
import { renderApp } from '@/test/render';

describe('overview', () => {
  it('lists what runs now with its progress, and the latest failures with their errors', async () => {
    renderApp('/');
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(await within(running).findByRole('link', { name: 'Sample backfill to reporting' })).toBeInTheDocument();
    expect(await within(running).findByRole('link', { name: 'Lake sync' })).toBeInTheDocument();
    expect(within(running).getAllByRole('progressbar').length).toBeGreaterThanOrEqual(2);
    const failures = screen.getByRole('region', { name: 'Latest failures' });
    expect(await within(failures).findByRole('link', { name: 'CRM to warehouse' })).toBeInTheDocument();
    expect(within(failures).getAllByText(/password authentication failed/).length).toBeGreaterThan(0);
  });

  it('still shows flows when the plan has no workflows', async () => {
    renderApp('/', { apiKey: STARTER_API_KEY });
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(await within(running).findByRole('link', { name: 'Sample backfill to reporting' })).toBeInTheDocument();
    expect(await screen.findByText('Your current plan does not support workflows.')).toBeInTheDocument();
  });
});
