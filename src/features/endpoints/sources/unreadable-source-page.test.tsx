import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// A service without GET /v2/sources/{id} (the interface has none; the hosted service neither): the
// source page still opens for a source that exists, with what the interface allows.

describe('a source the service does not let Flowdeck read', () => {
  it('opens with a notice, Test connection, and the resolvers, cards and flows tabs', async () => {
    mockService.fail('getSource', { status: 404 });
    const { user } = renderApp('/sources/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Source 1' })).toBeInTheDocument();
    expect(screen.getByText('This service does not let Flowdeck read a source')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('All 2 checks passed')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Flows' }));
    const flows = await screen.findByRole('table');
    expect(within(flows).getAllByRole('link').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('tab', { name: 'Configuration cards' }));
    expect(await screen.findByRole('button', { name: 'Share configuration link' })).toBeInTheDocument();
  });

  it('is the not-found page when the resolvers say the source does not exist either', async () => {
    mockService.fail('getSource', { status: 404 });
    renderApp('/sources/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
