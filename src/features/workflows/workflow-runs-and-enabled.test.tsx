import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

describe('the Enabled switch', () => {
  it('enables a workflow from the list, and moves back with the service’s message when refused', async () => {
    const { user } = renderApp('/workflows');
    const quarterly = await screen.findByRole('switch', { name: 'Quarterly backfill enabled' });
    expect(quarterly).not.toBeChecked();
    await user.click(quarterly);
    await waitFor(() => {
      expect(mockService.db.workflow(SEED.disabledWorkflowId)?.enabled).toBe(true);
    });
    expect(quarterly).toBeChecked();

    mockService.failNext('updateWorkflow', { status: 403, message: 'Your current plan does not support workflows.' });
    await user.click(quarterly);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not disabled: Your current plan does not support workflows.');
    expect(quarterly).toBeChecked();
    expect(mockService.db.workflow(SEED.disabledWorkflowId)?.enabled).toBe(true);
  });

  it('disables a workflow on its page, and says what that means', async () => {
    const { user } = renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}`);
    await screen.findByRole('heading', { level: 1, name: 'Nightly warehouse refresh' });
    const enabled = await screen.findByRole('switch', { name: 'Enabled' });
    expect(enabled).toBeChecked();
    expect(screen.getByText('Runs on its schedule and from webhooks.')).toBeInTheDocument();
    await user.click(enabled);
    expect(await screen.findByText('Runs only when started with Run now.')).toBeInTheDocument();
    expect(mockService.db.workflow(SEED.succeedingWorkflowId)?.enabled).toBe(false);
    expect(mockService.calls.filter((call) => call.operation === 'updateWorkflow')).toHaveLength(1);
  });

  it('leads to the new workflow page from the list', async () => {
    const { user, router } = renderApp('/workflows');
    await user.click(await screen.findByRole('link', { name: 'New workflow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New workflow' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workflows/new');
  });
});

describe('the runs list', () => {
  it('lists past runs newest first with outcome, trigger, duration and how the steps went', async () => {
    renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}`);
    const table = await screen.findByRole('table', { name: 'Runs' });
    await within(table).findByText('Run #2');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RunOutcomeTriggerStartedDurationSteps',
      expect.stringMatching(/^Run #2SucceededScheduled.+2 min 59 s3 succeeded$/) as unknown,
      expect.stringMatching(/^Run #1SucceededScheduled.+3 min 59 s3 succeeded$/) as unknown,
    ]);
  });

  it('tells a failed run’s failed and skipped steps', async () => {
    renderApp(`/workflows/${String(SEED.failingWorkflowId)}`);
    const table = await screen.findByRole('table', { name: 'Runs' });
    expect(await within(table).findByText('1 failed, 1 skipped')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
  });

  it('says so where the service does not list runs', async () => {
    mockService.fail('listWorkflowRuns', { status: 404 });
    renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}`);
    expect(await screen.findByText('This service does not list a workflow’s runs; the status above shows the last one.')).toBeInTheDocument();
  });
});
