import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { workflowKeys } from '@/resources/workflows';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

async function openWorkflow(id: number) {
  const view = renderApp(`/workflows/${String(id)}`);
  await screen.findByRole('heading', { level: 2, name: 'Status' });
  return view;
}

describe('workflow page', () => {
  it('shows the live status panel and the definition as a collapsible tree', async () => {
    const { user } = await openWorkflow(SEED.failingWorkflowId);
    const status = screen.getByRole('region', { name: 'Status' });
    expect(await within(status).findByText('Failed')).toBeInTheDocument();
    expect(within(status).getByText(/Live · updated/)).toBeInTheDocument();
    // The definition shows as a graph; its raw JSON is behind the toggle.
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    const tree = screen.getByRole('region', { name: 'Workflow definition' });
    expect(within(tree).getByText('steps:')).toBeInTheDocument();
    expect(within(tree).getAllByText('"crm-warehouse"').length).toBeGreaterThan(0);
  });

  it('runs with the server message', async () => {
    const { user } = await openWorkflow(SEED.succeedingWorkflowId);
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Run started.')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Status' })).findByText(/^(Running|Queued)$/)).toBeInTheDocument();
  });

  it('runs a disabled workflow by hand, as the service does (disabled stops only its schedule and webhooks)', async () => {
    const { user } = await openWorkflow(SEED.disabledWorkflowId);
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Run started.')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Status' })).findByText(/^(Running|Queued)$/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes after a confirmation naming the workflow, then lists the rest without it', async () => {
    const { user, router, queryClient } = await openWorkflow(SEED.succeedingWorkflowId);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the workflow “Nightly warehouse refresh”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/workflows');
    });
    expect(await screen.findByRole('link', { name: 'CRM reconciliation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nightly warehouse refresh' })).not.toBeInTheDocument();
    expect(queryClient.getQueryCache().findAll({ queryKey: workflowKeys.detail(SEED.succeedingWorkflowId) })).toHaveLength(0);
    expect(mockService.calls.filter((call) => call.operation === 'deleteWorkflow')).toHaveLength(1);
  });

  it.each([
    [400, 'Bad Request'],
    [403, 'Your current plan does not support workflows.'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
  ])('keeps the dialog open with a %i answer to Delete', async (status, message) => {
    const { user, router } = await openWorkflow(SEED.succeedingWorkflowId);
    mockService.failNext('deleteWorkflow', { status, message });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe(`/workflows/${String(SEED.succeedingWorkflowId)}`);
  });

  it.each([
    [400, 'Workflow 1 is not running.'],
    [403, 'Your current plan does not support workflows.'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
  ])('shows a %i answer to Cancel', async (status, message) => {
    const { user } = await openWorkflow(SEED.runningWorkflowId);
    await within(screen.getByRole('region', { name: 'Status' })).findByText(/^(Running|Queued)$/);
    mockService.failNext('cancelWorkflow', { status, message });
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the run of the workflow “Lake sync”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('keeps Run now disabled while it runs; once cancelled, its status reads Cancelled in words', async () => {
    const { user } = await openWorkflow(SEED.runningWorkflowId);
    const status = screen.getByRole('region', { name: 'Status' });
    await within(status).findByText(/^(Running|Queued)$/);
    expect(screen.getByRole('button', { name: 'Run now' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the run of the workflow “Lake sync”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    expect(await within(status).findByText('Cancelled')).toBeInTheDocument();
    expect(within(status).queryByText('not_running')).not.toBeInTheDocument();
    expect(within(status).queryByText('failed')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Run now' })).not.toHaveAttribute('aria-disabled');
    });
  });
});

describe('re-run from failed step', () => {
  it('re-runs a failed run from its failed steps, and the new run reads as its retry, numbered in the workflow', async () => {
    const { user } = await openWorkflow(SEED.failingWorkflowId);
    const status = screen.getByRole('region', { name: 'Status' });
    await within(status).findByText('Failed');
    const runs = screen.getByRole('region', { name: 'Runs' });
    const failedRow = await within(runs).findByText(/^Run #\d+$/);
    const failedNumber = /#(\d+)/.exec(failedRow.textContent)?.[1] ?? '';
    await user.click(within(status).getByRole('button', { name: 'Re-run from failed step' }));
    expect(await screen.findByText('Created')).toBeInTheDocument();
    expect(mockService.calls.some((call) => call.operation === 'rerunWorkflowRun')).toBe(true);
    expect(await within(runs).findByText(`Retry 1 of #${failedNumber}`)).toBeInTheDocument();
    expect(within(runs).getByText(`Run #${String(Number(failedNumber) + 1)}`)).toBeInTheDocument();
  });

  it('is disabled with the reason when the last run did not fail', async () => {
    const { user } = await openWorkflow(SEED.succeedingWorkflowId);
    const status = screen.getByRole('region', { name: 'Status' });
    await within(status).findByText('Succeeded');
    const button = within(status).getByRole('button', { name: 'Re-run from failed step' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(/succeeded: no step failed/);
    await user.click(button);
    expect(mockService.calls.some((call) => call.operation === 'rerunWorkflowRun')).toBe(false);
  });
});

describe('webhook triggers', () => {
  it('lists triggers with copyable URLs and deletes one after a confirmation', async () => {
    const { user } = await openWorkflow(1);
    const table = await screen.findByRole('table', { name: 'Webhook triggers' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('https://hooks.flowdeck.example/v2/webhooks/wh_1_message_0001')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Copy webhook URL' })).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Delete the slack trigger 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the slack trigger for “message” events?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete trigger' }));
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    expect(mockService.db.state.triggers.some((trigger) => trigger.id === 1)).toBe(false);
  });

  it('creates a trigger, and keeps the form as typed when the service refuses', async () => {
    const { user } = await openWorkflow(2);
    const form = await screen.findByRole('form', { name: 'New webhook trigger' });
    await user.type(within(form).getByRole('textbox', { name: /Event type/ }), 'reaction_added');
    mockService.failNext('createWebhookTrigger', { status: 500 });
    await user.click(within(form).getByRole('button', { name: 'Add trigger' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(within(form).getByRole('textbox', { name: /Event type/ })).toHaveValue('reaction_added');
    await user.click(within(form).getByRole('button', { name: 'Add trigger' }));
    const table = await screen.findByRole('table', { name: 'Webhook triggers' });
    expect(await within(table).findByText('reaction_added')).toBeInTheDocument();
  });

  it('lets the user open a trigger by id where the service cannot list them', async () => {
    mockService.fail('listWebhookTriggers', { status: 404 });
    const { user } = await openWorkflow(1);
    expect(await screen.findByText('This service does not list webhook triggers. Open one by its id.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Trigger id' }), '2');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const table = await screen.findByRole('table', { name: 'Webhook triggers' });
    expect(within(table).getByText('app_mention')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Trigger id' }), '3');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Trigger 3 does not exist on this workflow.')).toBeInTheDocument();
  });
});
