import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The definition's graph on the workflow page: a box per step named by its flow and its state in words
// (React Flow draws it; the test reads what the DOM says, the picture is checked in Chromium).

const definition = () => screen.getByRole('region', { name: 'Definition' });
const box = async (name: string | RegExp, options?: { timeout: number }) =>
  within(await screen.findByRole('region', { name: 'Definition' })).findByRole('group', { name }, options);

describe('the workflow graph', () => {
  it('shows each step with its flow’s name and its state in the last run', async () => {
    renderApp(`/workflows/${String(SEED.failingWorkflowId)}`);
    expect(await box('Step crm-warehouse, flow CRM to warehouse: Failed')).toHaveTextContent('Failed');
    // Its arrows are in its name too (jsdom cannot place React Flow's edges: it measures nothing).
    expect(await box('Step crm-reporting, flow CRM to reporting, waits for crm-warehouse: Skipped')).toHaveTextContent('crm-reporting');
    // Named by its number in the workflow (#1 is the first), as the runs list names it, not by its global id.
    const last = mockService.db.state.workflowRuns.filter((run) => run.workflow === SEED.failingWorkflowId).at(-1);
    expect(last?.number).toEqual(expect.any(Number));
    expect(within(definition()).getByText(`States in run #${String(last?.number)}:`)).toBeInTheDocument();
  });

  it('says why a step waits for a run slot, as a queued flow attempt does, and never calls it running', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const workflow = mockService.db.workflow(SEED.succeedingWorkflowId);
      if (!workflow) throw new Error('the seeded workflow');
      const run = mockService.db.startWorkflowRun(workflow);
      const orders = run.steps.find((step) => step.id === 'orders');
      if (!orders) throw new Error('the orders step');
      orders.queued = { waitMs: orders.durationMs - 1, waitingFor: '2 runs ahead for “Analytics warehouse”' };
      // Past the run's own start, inside the step's wait.
      vi.setSystemTime(Date.now() + 1_500);
      renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}`);
      const step = await box('Step orders, flow Orders to warehouse: Queued, 2 runs ahead for “Analytics warehouse”');
      expect(within(step).getByTitle('2 runs ahead for “Analytics warehouse”')).toHaveTextContent('Queued');
      expect(within(definition()).getByText('Step orders: Queued: 2 runs ahead for “Analytics warehouse”')).toBeInTheDocument();
      expect(within(step).queryByText('Running')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows a run live: waiting, running, then succeeded', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      const { user } = renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}`);
      await box(/^Step github, flow GitHub to warehouse, waits for orders: Succeeded$/);
      await user.click(screen.getByRole('button', { name: 'Run now' }));
      expect(await box('Step github, flow GitHub to warehouse, waits for orders: Waiting')).toBeInTheDocument();
      vi.setSystemTime(Date.now() + mockService.db.runDurationMs * 0.6);
      expect(await box('Step github, flow GitHub to warehouse, waits for orders: Running', { timeout: 8_000 })).toBeInTheDocument();
      expect(await box('Step orders, flow Orders to warehouse: Succeeded')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the service does not report step states, and draws the steps without them', async () => {
    const status = { id: 1, lifecycle: 'NOT_RUNNING', disposition: 'NONE', resources: [], errors: [], completedAt: null };
    mockService.fail('getWorkflowStatus', { status: 200, body: status });
    renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}`);
    expect(await box('Step orders, flow Orders to warehouse')).toBeInTheDocument();
    expect(within(definition()).getByText('This service does not report the state of each step.')).toBeInTheDocument();
    await waitFor(() => {
      expect(within(definition()).queryByText('Succeeded')).not.toBeInTheDocument();
    });
  });
});
