import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// The resolvers tab: each resolver turned on or off (what a run loads), Discover now and Retry, the time
// of the last discovery and its error in full, against the MSW mock service.

const defaultDiscoveryMs = mockService.db.discoveryMs;
afterEach(() => {
  mockService.db.discoveryMs = defaultDiscoveryMs;
});

const resolversTable = () => screen.findByRole('table', { name: 'Resolvers' });

describe('turning resolvers on and off', () => {
  it('sends the one change, shows it, and the next run of a flow of this source skips what is off', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/1\/resolvers$/);
    const { user } = renderApp('/sources/1?tab=resolvers');
    const table = await resolversTable();
    expect(screen.getByText(/3 of 4 resolvers loaded by runs/)).toBeInTheDocument();
    await user.click(within(table).getByRole('switch', { name: 'Load orders' }));
    await waitFor(() => {
      expect(within(table).getByRole('switch', { name: 'Load orders' })).not.toBeChecked();
    });
    expect(patches).toEqual([{ resolvers: [{ name: 'orders', suppressed: true }] }]);
    expect(screen.getByText(/2 of 4 resolvers loaded by runs/)).toBeInTheDocument();

    const run = mockService.db.startFlowRun(1);
    expect(run.resources.map((resource) => resource.name)).toEqual(['order_items', 'customers']);
  });

  it('turns a resolver suppressed by default on', async () => {
    const { user } = renderApp('/sources/1?tab=resolvers');
    const table = await resolversTable();
    await user.click(within(table).getByRole('switch', { name: 'Load audit_log' }));
    await waitFor(() => {
      expect(within(table).getByRole('switch', { name: 'Load audit_log' })).toBeChecked();
    });
    expect(mockService.db.source(1)?.resolverChoice).toEqual({ audit_log: false });
  });

  it('keeps the switch as it was and says why when the service refuses', async () => {
    mockService.failNext('updateResolvers', { status: 400, message: 'Bad Request: This source has no resolver named "orders".' });
    const { user } = renderApp('/sources/1?tab=resolvers');
    const table = await resolversTable();
    await user.click(within(table).getByRole('switch', { name: 'Load orders' }));
    expect(await screen.findByText('Bad Request: This source has no resolver named "orders".')).toBeInTheDocument();
    expect(within(table).getByRole('switch', { name: 'Load orders' })).toBeChecked();
  });
});

describe('a service without these additions (404)', () => {
  it('says it cannot turn resolvers on or off, or start discovery, rather than “Not Found”', async () => {
    mockService.failNext('updateResolvers', { status: 404 });
    mockService.failNext('discoverResolvers', { status: 404 });
    const { user } = renderApp('/sources/1?tab=resolvers');
    const table = await resolversTable();
    await user.click(within(table).getByRole('switch', { name: 'Load orders' }));
    expect(await screen.findByText(/it cannot turn resolvers on or off, or the source is gone/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discover now' }));
    expect(await screen.findByText(/it cannot start discovery on request, or the source is gone/)).toBeInTheDocument();
  });
});

describe('Discover now', () => {
  it('starts discovery, shows its progress while in progress, then the time it was found', async () => {
    mockService.db.discoveryMs = 2_500;
    const { user } = renderApp('/sources/1?tab=resolvers');
    await resolversTable();
    expect(screen.getByText(/^Last discovered/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discover now' }));
    expect(await screen.findByRole('progressbar', { name: 'Discovery in progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discovering…' })).toBeDisabled();
    expect(await screen.findByText('completed', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Discovery in progress' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Last discovered/)).toHaveTextContent(/Last discovered (just now|\d+ s ago)/);
  });

  it('shows the service’s refusal when a discovery is already in progress', async () => {
    mockService.failNext('discoverResolvers', { status: 400, message: 'Discovery of source 1 is already in progress.' });
    const { user } = renderApp('/sources/1?tab=resolvers');
    await resolversTable();
    await user.click(screen.getByRole('button', { name: 'Discover now' }));
    expect(await screen.findByText('Discovery of source 1 is already in progress.')).toBeInTheDocument();
  });

  it('after a failure: the error in full, the last good discovery, and Retry', async () => {
    const long = `connect ECONNREFUSED 10.0.0.7:5432 — ${'the database refused the connection; '.repeat(8)}end of message`;
    const source = mockService.db.source(SEED.badPasswordSourceId);
    if (source) source.discovery.error = long;
    const { user } = renderApp(`/sources/${String(SEED.badPasswordSourceId)}?tab=resolvers`);
    const alert = await screen.findByRole('alert', { name: 'Discovery failed' });
    expect(alert).toHaveTextContent(long);
    expect(screen.getByText(/^Last discovered/)).toHaveTextContent(/30 d ago/);
    await user.click(screen.getByRole('button', { name: 'Retry discovery' }));
    expect(await screen.findByRole('progressbar', { name: 'Discovery in progress' })).toBeInTheDocument();
  });
});
