import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

type User = ReturnType<typeof renderApp>['user'];

async function pick(user: User, label: string, option: string) {
  const select = await screen.findByRole('combobox', { name: label });
  await waitFor(() => {
    expect(select).toBeEnabled();
  });
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillFlow(user: User, name = 'Billing to lake') {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), name);
  await pick(user, 'Source', 'Billing API');
  await pick(user, 'Destination', 'Data lake (Parquet files)');
}

const created = () => mockService.calls.filter((call) => call.operation === 'createFlow');

describe('new flow page', () => {
  it('asks for a name, a source and a destination before sending anything', async () => {
    const { user } = renderApp('/flows/new');
    await user.click(await screen.findByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('Give the flow a name')).toBeInTheDocument();
    expect(screen.getByText('Choose a source')).toBeInTheDocument();
    expect(screen.getByText('Choose a destination')).toBeInTheDocument();
    expect(created()).toHaveLength(0);
  });

  it('explains a cron expression while it is typed and refuses one the scheduler would not accept', async () => {
    const { user } = renderApp('/flows/new');
    await user.click(await screen.findByRole('radio', { name: 'Cron expression' }));
    const cron = screen.getByRole('textbox', { name: 'Cron expression' });
    await user.type(cron, '30 2 * * 1');
    expect(await screen.findByText('At 02:30, only on Monday')).toBeInTheDocument();
    // The words are UTC, as the service reads cron; the next runs are in the chosen zone (here the browser's).
    expect(screen.getByText(/\(UTC\) · Next runs: .+ (EST|EDT) · .+ (EST|EDT) · .+ (EST|EDT)$/)).toBeInTheDocument();

    await user.clear(cron);
    await user.type(cron, '61 * * * *');
    await fillFlow(user);
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('Not a cron expression the scheduler accepts')).toBeInTheDocument();
    expect(created()).toHaveLength(0);
  });

  it('keeps the form as typed and shows the service message when the save is refused', async () => {
    mockService.failNext('createFlow', { status: 400, message: 'Bad Request: Destination 3 does not exist.' });
    const { user, router } = renderApp('/flows/new');
    await fillFlow(user);
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service refused the request');
    expect(alert).toHaveTextContent('Bad Request: Destination 3 does not exist.');
    expect(router.state.location.pathname).toBe('/flows/new');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Billing to lake');
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('Billing API');
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveValue('Data lake (Parquet files)');

    // The same form, sent again, goes through.
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/flows\/\d+$/);
    });
  });

  it('creates the flow with the chosen schedule and opens its page', async () => {
    const { user, router } = renderApp('/flows/new');
    await fillFlow(user, 'Billing every 6 hours');
    await pick(user, 'Frequency', 'Every 6 hours');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Billing every 6 hours' })).toBeInTheDocument();
    const flow = mockService.db.state.flows.at(-1);
    expect(flow).toMatchObject({ displayName: 'Billing every 6 hours', source: 3, destination: 3, frequency: '6h', cron: null });
    expect(router.state.location.pathname).toBe(`/flows/${String(flow?.id)}`);
  });

  it('sends only the cron when a cron expression is chosen', async () => {
    const { user } = renderApp('/flows/new');
    await fillFlow(user, 'Nightly billing');
    await user.click(screen.getByRole('radio', { name: 'Cron expression' }));
    await user.type(screen.getByRole('textbox', { name: 'Cron expression' }), '0 3 * * *');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nightly billing' })).toBeInTheDocument();
    expect(mockService.db.state.flows.at(-1)).toMatchObject({ cron: '0 3 * * *', frequency: null });
  });

  it('sets the retry policy and the time zone the cron is read in, and previews its runs there', async () => {
    const { user } = renderApp('/flows/new');
    await fillFlow(user, 'Prague nightly');
    await user.click(screen.getByRole('radio', { name: 'Cron expression' }));
    await user.type(screen.getByRole('textbox', { name: 'Cron expression' }), '30 6 * * *');
    expect(await screen.findByText(/\(UTC\) · Next runs/)).toBeInTheDocument();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Europe/Prag');
    await user.click(await screen.findByRole('option', { name: 'Europe/Prague' }));
    expect(await screen.findByText(/\(Europe\/Prague\) · Next runs/)).toBeInTheDocument();
    const retries = screen.getByRole('textbox', { name: 'Retries after a failed run' });
    await user.clear(retries);
    await user.type(retries, '11');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('From 0 to 10 retries')).toBeInTheDocument();
    await user.clear(retries);
    await user.type(retries, '3');
    await user.click(screen.getByRole('radio', { name: /Exponential/ }));
    const delay = screen.getByRole('textbox', { name: 'Delay (seconds)' });
    await user.clear(delay);
    await user.type(delay, '30');
    const maxDelay = screen.getByRole('textbox', { name: 'Max delay (seconds)' });
    await user.clear(maxDelay);
    await user.type(maxDelay, '20');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('At least the delay before the first retry')).toBeInTheDocument();
    await user.clear(maxDelay);
    await user.type(maxDelay, '90');
    expect(screen.getByText('Waits 30 s, then 1 min 00 s, then 1 min 30 s before each retry.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Prague nightly' })).toBeInTheDocument();
    expect(mockService.db.state.flows.at(-1)).toMatchObject({
      cron: '30 6 * * *',
      timeZone: 'Europe/Prague',
      retries: { attempts: 3, backoff: 'exponential', delaySeconds: 30, maxDelaySeconds: 90 },
    });
  });

  it('preselects the source given in the address', async () => {
    renderApp('/flows/new?source=3');
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('Billing API');
    });
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveValue('');
  });

  it("opens from a source page's Flows tab with that source chosen", async () => {
    const { user, router } = renderApp('/sources/3?tab=flows');
    await user.click(await screen.findByRole('link', { name: '+ New flow from this source' }));
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('Billing API');
    });
    expect(router.state.location.pathname).toBe('/flows/new');
  });

  it('takes a source id when the service cannot list sources', async () => {
    mockService.fail('listSources', { status: 404 });
    const { user } = renderApp('/flows/new');
    const id = await screen.findByRole('textbox', { name: 'Source id' });
    expect(screen.getByText(/could not be listed/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'By id');
    await user.type(id, '3');
    await pick(user, 'Destination', 'Data lake (Parquet files)');
    await user.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'By id' })).toBeInTheDocument();
    expect(mockService.db.state.flows.at(-1)).toMatchObject({ source: 3, destination: 3 });
  });

  it('groups the choices by connector and finds them by name', async () => {
    const { user } = renderApp('/flows/new');
    const source = await screen.findByRole('combobox', { name: 'Source' });
    await waitFor(() => {
      expect(source).toBeEnabled();
    });
    await user.type(source, 'crm');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Legacy CRM']);
    expect(within(listbox).getByText('PostgreSQL')).toBeInTheDocument();
  });
});
