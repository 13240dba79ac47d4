import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

describe('sources list', () => {
  it('lists the sources the service returns, linking to each', async () => {
    renderApp('/sources');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(mockService.db.state.sources.length + 1);
    expect(within(table).getByRole('link', { name: 'Production orders DB' })).toHaveAttribute('href', '/sources/1');
  });

  it('says so when the service cannot list sources, and offers the ones flows reference', async () => {
    mockService.failNext('listSources', { status: 405, message: 'Method Not Allowed' });
    renderApp('/sources');
    expect(await screen.findByText('This service does not list sources')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Source 1' })).toHaveAttribute('href', '/sources/1');
  });
});

describe('creating a source', () => {
  it('searches the specs, picks one and shows its summary, creates it, then saves its form', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/\d+$/);
    const { user, router } = renderApp('/sources/new');
    const specs = await screen.findByRole('radiogroup', { name: 'Source spec' });
    expect(within(specs).getByRole('radio', { name: 'PostgreSQL' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search source specs' }), 'REST');
    expect(within(specs).queryByRole('radio', { name: 'PostgreSQL' })).not.toBeInTheDocument();
    await user.click(within(specs).getByRole('radio', { name: 'REST API' }));
    expect(within(specs).getByRole('radio', { name: 'REST API' })).toHaveAttribute('aria-checked', 'true');

    const summary = await screen.findByRole('region', { name: 'Spec summary' });
    expect(within(summary).getByText('Pull JSON resources from any paginated REST API.')).toBeInTheDocument();
    expect(within(summary).getByText('beta')).toBeInTheDocument();
    expect(within(summary).getByText('Authentication: Access token')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'flowdeck.example' })).toHaveAttribute('href', 'https://flowdeck.example/docs/sources/rest-api');

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Payments API');
    await user.click(screen.getByRole('button', { name: 'Create source' }));

    // The form comes from the full spec returned with the created source, instructions beside it.
    expect(await screen.findByText('Created “Payments API”')).toBeInTheDocument();
    const instructions = screen.getByRole('complementary', { name: 'Setup instructions' });
    expect(await within(instructions).findByRole('heading', { name: 'Connect a REST API' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Base URL/ }), 'https://api.pay.example');
    await user.type(screen.getByRole('textbox', { name: /^Endpoints/ }), 'charges');
    await user.type(screen.getByLabelText(/^API token/, { selector: 'input' }), 'tok_123');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/sources\/\d+$/);
    });
    expect(patches).toEqual([{ properties: { base_url: 'https://api.pay.example', endpoints: 'charges', token: 'tok_123' } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments API' })).toBeInTheDocument();
  });

  it('keeps what was chosen and shows the error when creating fails', async () => {
    mockService.failNext('createSource', { status: 403, message: 'Your current plan does not support more sources.' });
    const { user } = renderApp('/sources/new');
    await user.click(await screen.findByRole('radio', { name: 'Sample data' }));
    await screen.findByRole('region', { name: 'Spec summary' });
    await user.click(screen.getByRole('button', { name: 'Create source' }));
    expect(await screen.findByText('Your current plan does not support more sources.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sample data' })).toHaveAttribute('aria-checked', 'true');
  });

  it('looks a spec up by name where the service does not list specs', async () => {
    mockService.failNext('listSourceSpecs', { status: 404 });
    mockService.failNext('listConnectors', { status: 404 });
    const { user } = renderApp('/sources/new');
    await user.type(await screen.findByRole('textbox', { name: 'Source spec name' }), 'postgres');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const summary = await screen.findByRole('region', { name: 'Spec summary' });
    expect(within(summary).getByText('PostgreSQL')).toBeInTheDocument();
    expect(within(summary).getByText('Authentication: User name and password')).toBeInTheDocument();
  });
});

describe('source page', () => {
  it('saves only the changed fields and never the masked password', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/1$/);
    const { user } = renderApp('/sources/1');
    const schema = await screen.findByRole('textbox', { name: /^Schema/ });
    expect(within(screen.getByRole('group', { name: 'Password' })).getByText('Saved, unchanged')).toBeInTheDocument();
    await user.clear(schema);
    await user.type(schema, 'analytics');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Only the fields you changed were sent.')).toBeInTheDocument();
    expect(patches).toEqual([{ properties: { schema: 'analytics' } }]);
    expect(mockService.db.source(1)?.properties.password).toBe('s3cret-orders');
  });

  it('keeps the form as typed when saving fails', async () => {
    mockService.failNext('updateSource', { status: 500 });
    const { user } = renderApp('/sources/1');
    const host = await screen.findByRole('textbox', { name: /^Host/ });
    await user.clear(host);
    await user.type(host, 'typed.example');
    await user.click(screen.getByRole('button', { name: 'Replace Password' }));
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'typed-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The service failed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Host/ })).toHaveValue('typed.example');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('typed-secret');
  });

  it('shows a not-found page for an unknown source', async () => {
    renderApp('/sources/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('lists the flows reading from the source', async () => {
    renderApp('/sources/1?tab=flows');
    const table = await screen.findByRole('table');
    const expected = mockService.db.state.flows.filter((flow) => flow.source === 1);
    expect(within(table).getAllByRole('row')).toHaveLength(expected.length + 1);
    expect(within(table).getByRole('link', { name: 'Orders to warehouse' })).toHaveAttribute('href', '/flows/1');
  });
});

describe('resolvers tab', () => {
  const defaultDiscoveryMs = mockService.db.discoveryMs;
  afterEach(() => {
    mockService.db.discoveryMs = defaultDiscoveryMs;
  });

  it('marks suppressed (turned off) and masked-by-default resolvers and expands their property definitions', async () => {
    const { user } = renderApp('/sources/1?tab=resolvers');
    expect(await screen.findByText('completed')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Resolvers' });
    const auditRow = within(table).getByRole('switch', { name: 'Load audit_log' }).closest('tr');
    expect(within(table).getByRole('switch', { name: 'Load audit_log' })).not.toBeChecked();
    expect(within(auditRow as HTMLElement).getByText('Not loaded')).toBeInTheDocument();
    expect(within(table).getByRole('switch', { name: 'Load customers' })).toBeChecked();
    expect(
      within(within(table).getByRole('switch', { name: 'Load customers' }).closest('tr') as HTMLElement).getByText('Masked by default'),
    ).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Details of audit_log' }));
    expect(await screen.findByRole('cell', { name: 'Primary key' })).toBeVisible();
  });

  it('shows discovery in progress and refreshes until it ends', async () => {
    mockService.db.discoveryMs = 2_500;
    mockService.reset();
    renderApp(`/sources/${String(SEED.discoveringSourceId)}?tab=resolvers`);
    expect(await screen.findByText('in progress')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Discovery in progress' })).toBeInTheDocument();
    expect(await screen.findByText('completed', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Discovery in progress' })).not.toBeInTheDocument();
  });

  it('shows a discovery error', async () => {
    renderApp(`/sources/${String(SEED.badPasswordSourceId)}?tab=resolvers`);
    expect(await screen.findByText('password authentication failed for user "crm_reader"')).toBeInTheDocument();
  });
});

describe('configuration cards tab', () => {
  it('creates a link with a default expiry a week ahead, then shows it with copy, QR code, countdown and image', async () => {
    const posts = recordBodies('POST', /^\/v2\/sources\/3\/configuration_cards$/);
    const { user } = renderApp('/sources/3?tab=cards');
    await user.click(await screen.findByRole('button', { name: 'Share configuration link' }));
    const form = screen.getByRole('form', { name: 'Share configuration link' });
    await user.type(within(form).getByRole('textbox', { name: /^Image URL/ }), 'javascript:alert(1)');
    await user.type(within(form).getByRole('textbox', { name: /^Instruction/ }), 'Paste the new token');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText('Use an http or https address.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /^Image URL/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Image URL/ }), 'https://example.com/logo.png');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));

    const created = await screen.findByRole('region', { name: 'New configuration link' });
    const link = within(created).getByRole('textbox', { name: 'Configuration link' });
    expect((link as HTMLInputElement).value).toMatch(/^http:\/\/localhost\/cards\/[A-Za-z0-9_-]{22,}$/);
    expect(within(created).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(await within(created).findByRole('img', { name: 'QR code of the configuration link' })).toBeInTheDocument();
    expect(within(created).getByText(/^Expires in 6 d 23 h$/)).toBeInTheDocument();
    expect(within(created).getByRole('img', { name: 'Image shown to the recipient' })).toHaveAttribute('src', 'https://example.com/logo.png');

    const [body] = posts as [{ expiresAt: string; imageUrl: string; instruction: string }];
    expect(body).toMatchObject({ imageUrl: 'https://example.com/logo.png', instruction: 'Paste the new token' });
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 5 * 60_000);

    // The list shows the new card, and the seeded expired one marked as such.
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(3);
    });
    expect(within(table).getByText('Expired')).toBeInTheDocument();
    expect(within(table).getByText('Paste the new token')).toBeInTheDocument();
  });

  it('refuses an expiry that has passed while the form was open', async () => {
    const posts = recordBodies('POST', /configuration_cards$/);
    const { user } = renderApp('/sources/3?tab=cards');
    await user.click(await screen.findByRole('button', { name: 'Share configuration link' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 24 * 3600_000);
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('The expiry must be in the future.')).toBeInTheDocument();
    vi.useRealTimers();
    expect(posts).toEqual([]);
  });

  it('lists the links created in this session where the service cannot list them', async () => {
    mockService.failNext('listConfigurationCards', { status: 404 });
    mockService.failNext('listConfigurationCards', { status: 404 });
    const { user } = renderApp(`/sources/${String(SEED.incompleteSourceId)}?tab=cards`);
    expect(await screen.findByText(/does not list a source's links/)).toBeInTheDocument();
    expect(screen.getByText('No links yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share configuration link' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
