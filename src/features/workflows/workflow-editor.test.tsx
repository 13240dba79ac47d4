import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The workflow editor: steps picked from the flows, each step's waits-for, the definition judged as it
// is typed by the service's own rule, a preview graph, and a refused save that keeps what was typed.

type User = ReturnType<typeof renderApp>['user'];

const stepGroup = (n: number) => screen.getByRole('group', { name: `Step ${String(n)}` });

async function addStep(user: User, flowName: string) {
  const add = await screen.findByRole('combobox', { name: /^Add (a|another) step$/ });
  await waitFor(() => {
    expect(add).toBeEnabled();
  });
  await user.click(add);
  await user.click(await screen.findByRole('option', { name: flowName }));
}

async function waitsFor(user: User, step: number, other: string) {
  await user.click(within(stepGroup(step)).getByRole('combobox', { name: 'Waits for' }));
  await user.click(await screen.findByRole('option', { name: other }));
  await user.keyboard('{Escape}');
}

async function renameStep(user: User, step: number, id: string) {
  const input = within(stepGroup(step)).getByRole('textbox', { name: 'Step id' });
  await user.clear(input);
  await user.type(input, id);
}

const previewBox = (name: string) => within(screen.getByRole('region', { name: 'Preview' })).findByRole('group', { name });

describe('new workflow', () => {
  it('adds steps by picking flows, ids from their names, and creates { steps: [{ id, flow, after }] }', async () => {
    const { user, router } = renderApp('/workflows/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Orders then GitHub');
    await addStep(user, 'Orders to warehouse');
    await addStep(user, 'GitHub to warehouse');
    expect(within(stepGroup(1)).getByRole('textbox', { name: 'Step id' })).toHaveValue('orders-to-warehouse');
    expect(within(stepGroup(2)).getByRole('textbox', { name: 'Step id' })).toHaveValue('github-to-warehouse');
    await waitsFor(user, 2, 'orders-to-warehouse');
    expect(await previewBox('Step github-to-warehouse, flow GitHub to warehouse, waits for orders-to-warehouse')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders then GitHub' })).toBeInTheDocument();
    const workflow = mockService.db.state.workflows.at(-1);
    expect(workflow).toMatchObject({ name: 'Orders then GitHub', enabled: true, frequency: 'manual', cron: '' });
    expect(workflow?.definition).toEqual({
      steps: [
        { id: 'orders-to-warehouse', flow: 1, after: [] },
        { id: 'github-to-warehouse', flow: 6, after: ['orders-to-warehouse'] },
      ],
    });
    expect(router.state.location.pathname).toBe(`/workflows/${String(workflow?.id)}`);
  });

  it('says a duplicate id and a circle as they are typed, naming the steps', async () => {
    const { user } = renderApp('/workflows/new');
    await addStep(user, 'Orders to warehouse');
    await addStep(user, 'Billing to warehouse');
    await renameStep(user, 2, 'orders-to-warehouse');
    expect(await within(stepGroup(2)).findByText('Step id "orders-to-warehouse" is used twice.')).toBeInTheDocument();

    await renameStep(user, 2, 'billing');
    await waitFor(() => {
      expect(screen.queryByText(/is used twice/)).not.toBeInTheDocument();
    });
    await waitsFor(user, 1, 'billing');
    await waitsFor(user, 2, 'orders-to-warehouse');
    expect(
      await within(stepGroup(1)).findByText(
        'Steps wait for each other in a circle: "orders-to-warehouse" waits for "billing", "billing" waits for "orders-to-warehouse".',
      ),
    ).toBeInTheDocument();

    // Nothing is sent while the definition cannot run.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Loop');
    await user.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(mockService.calls.filter((call) => call.operation === 'createWorkflow')).toHaveLength(0);
  });

  it('keeps the form as typed and shows the service message when the save is refused', async () => {
    mockService.failNext('createWorkflow', { status: 400, message: 'Bad Request: definition: step "orders-to-warehouse" names flow 1, which does not exist.' });
    const { user, router } = renderApp('/workflows/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Refused once');
    await addStep(user, 'Orders to warehouse');
    await user.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('names flow 1, which does not exist.');
    expect(router.state.location.pathname).toBe('/workflows/new');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Refused once');
    expect(within(stepGroup(1)).getByRole('textbox', { name: 'Step id' })).toHaveValue('orders-to-warehouse');

    await user.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Refused once' })).toBeInTheDocument();
  });
});

describe('edit workflow', () => {
  it('shows the not-found page for a workflow that does not exist', async () => {
    renderApp('/workflows/999/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to workflows' })).toBeInTheDocument();
  });

  it('says which step names a flow that no longer exists', async () => {
    mockService.db.state.flows = mockService.db.state.flows.filter((flow) => flow.id !== 6);
    renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}/edit`);
    expect(await screen.findByText('Step "github" names flow 6, which does not exist.')).toBeInTheDocument();
    expect(within(stepGroup(3)).getByRole('combobox', { name: 'Flow' })).toHaveValue('Flow 6 (not found)');
  });

  it('saves the name, schedule and steps, and the page shows them', async () => {
    const { user, router } = renderApp(`/workflows/${String(SEED.failingWorkflowId)}/edit`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('CRM reconciliation');
    await user.clear(name);
    await user.type(name, 'CRM nightly');
    await user.click(screen.getByRole('radio', { name: 'Cron expression' }));
    await user.type(screen.getByRole('textbox', { name: 'Cron expression' }), '0 3 * * *');
    await user.click(within(stepGroup(2)).getByRole('button', { name: 'Remove step crm-reporting' }));
    await user.click(screen.getByRole('button', { name: 'Save workflow' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'CRM nightly' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/workflows/${String(SEED.failingWorkflowId)}`);
    const saved = mockService.db.workflow(SEED.failingWorkflowId);
    expect(saved).toMatchObject({ name: 'CRM nightly', cron: '0 3 * * *' });
    // The steps replace `flows`; anything else the definition held is kept.
    expect(saved?.definition).toEqual({ steps: [{ id: 'crm-warehouse', flow: 3, after: [] }] });
  });
});
