import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperationName } from '@/mock-service/operations';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// The flow page's day-2 controls: Edit (the new-flow form, prefilled), Pause / Resume and Delete.

const callsOf = (operation: OperationName) => mockService.calls.filter((call) => call.operation === operation);
/** The PATCH bodies sent to flows during this test. */
const patches = () => recordBodies('PATCH', /^\/v2\/flows\/\d+$/);

async function openFlow(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Latest attempt' });
  return view;
}

async function openEdit(flowId: number) {
  const view = await openFlow(`/flows/${String(flowId)}`);
  await view.user.click(screen.getByRole('link', { name: 'Edit' }));
  await screen.findByRole('form', { name: 'Edit flow' });
  return view;
}

describe('flow page: Edit', () => {
  it('opens the flow form filled in with the flow as it is', async () => {
    const { router } = await openEdit(2);
    expect(router.state.location.pathname).toBe('/flows/2/edit');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Orders to reporting' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Orders to reporting');
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('Production orders DB');
    });
    expect(within(screen.getByRole('radiogroup', { name: 'Schedule' })).getByRole('radio', { name: 'Cron expression' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Cron expression' })).toHaveValue('0 */6 * * *');
  });

  it('sends only what changed and shows the new schedule and its next runs on the flow page', async () => {
    const sent = patches();
    const { user, router } = await openEdit(2);
    const cron = screen.getByRole('textbox', { name: 'Cron expression' });
    await user.clear(cron);
    await user.type(cron, '15 4 * * *');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flows/2');
    });
    expect(sent).toEqual([{ cron: '15 4 * * *' }]);
    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByText('15 4 * * *')).toBeInTheDocument();
    expect(within(schedule).getAllByText(/04:15/).length).toBeGreaterThan(0);
  });

  it('switches a cron flow to a frequency and renames it', async () => {
    const sent = patches();
    const { user } = await openEdit(2);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Orders every 12 hours');
    await user.click(screen.getByRole('radio', { name: 'Repeat on a frequency' }));
    await user.click(screen.getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Every 12 hours' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders every 12 hours' })).toBeInTheDocument();
    expect(sent).toEqual([{ displayName: 'Orders every 12 hours', frequency: '12h' }]);
    expect(mockService.db.flow(2)).toMatchObject({ frequency: '12h', cron: null });
  });

  it('keeps what was typed and shows the service message when the save is refused', async () => {
    mockService.failNext('updateFlow', { status: 400, message: 'Bad Request: Destination 3 does not exist.' });
    const { user, router } = await openEdit(1);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Orders, renamed');
    await user.click(screen.getByRole('radio', { name: 'Cron expression' }));
    await user.type(screen.getByRole('textbox', { name: 'Cron expression' }), '0 5 * * *');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service refused the request');
    expect(alert).toHaveTextContent('Bad Request: Destination 3 does not exist.');
    expect(router.state.location.pathname).toBe('/flows/1/edit');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Orders, renamed');
    expect(screen.getByRole('textbox', { name: 'Cron expression' })).toHaveValue('0 5 * * *');
    expect(mockService.db.flow(1)).toMatchObject({ displayName: 'Orders to warehouse', frequency: '1h' });

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders, renamed' })).toBeInTheDocument();
  });

  it('goes back to the flow without saving on Cancel', async () => {
    const { user, router } = await openEdit(1);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' (draft)');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flows/1');
    });
    expect(callsOf('updateFlow')).toHaveLength(0);
  });
});

describe('flow page: Pause and Resume', () => {
  it('pauses: the schedule says so and shows no next runs; Resume brings them back', async () => {
    const sent = patches();
    const { user } = await openFlow('/flows/2');
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByText(/^Next runs \(/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: no scheduled runs until you resume it.')).toBeInTheDocument();
    expect(within(schedule).getByText('Paused')).toBeInTheDocument();
    expect(within(schedule).queryByText(/^Next runs \(/)).not.toBeInTheDocument();
    expect(mockService.db.flow(2)?.paused).toBe(true);
    // Run now still works on a paused flow.
    expect(screen.getByRole('button', { name: 'Run now' })).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Resumed: it runs on its schedule again.')).toBeInTheDocument();
    expect(within(schedule).queryByText('Paused')).not.toBeInTheDocument();
    expect(within(schedule).getByText(/^Next runs \(/)).toBeInTheDocument();
    expect(sent).toEqual([{ paused: true }, { paused: false }]);
  });

  it('shows a paused flow as paused when the page opens', async () => {
    await openFlow(`/flows/${String(SEED.pausedFlowId)}`);
    expect(within(screen.getByRole('region', { name: 'Schedule' })).getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('says so when the service refuses, or answers without pausing (a service that cannot pause)', async () => {
    const { user } = await openFlow('/flows/1');
    mockService.failNext('updateFlow', { status: 400, message: 'Bad Request: Unrecognized key: "paused"' });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad Request: Unrecognized key: "paused"');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    mockService.failNext('updateFlow', { body: { data: { id: 1, displayName: 'Orders to warehouse', source: 1, destination: 1, frequency: '1h' } } });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('This service does not pause flows.');
    });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });
});

describe('flow page: Delete', () => {
  it('asks in a dialog naming the flow and the workflows that run it, then deletes and opens the flows list', async () => {
    const { user, router } = await openFlow('/flows/1');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the flow “Orders to warehouse”?' });
    expect(await within(dialog).findByText('Nightly warehouse refresh')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/runs this flow: that step will fail until the workflow is changed/);
    expect(dialog).toHaveTextContent('A run in progress is cancelled first.');

    await user.click(within(dialog).getByRole('button', { name: 'Delete flow' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/flows');
    });
    expect(mockService.db.flow(1)).toBeUndefined();
    const table = await screen.findByRole('table');
    await waitFor(() => {
      expect(within(table).queryByRole('link', { name: 'Orders to warehouse' })).not.toBeInTheDocument();
    });
  });

  it('says no workflow runs a flow no workflow names', async () => {
    const { user } = await openFlow(`/flows/${String(SEED.idleFlowId)}`);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No workflow runs it.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the service message when the delete is refused, and Keep it leaves the flow', async () => {
    mockService.failNext('deleteFlow', { status: 500, message: 'Internal Server Error' });
    const { user, router } = await openFlow('/flows/1');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete flow' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(router.state.location.pathname).toBe('/flows/1');

    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(mockService.db.flow(1)).toBeDefined();
  });
});
