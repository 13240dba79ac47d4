import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BAD_PASSWORD } from '@/mock-service/rules';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// Live means live: when a run ends, what the service now says of the flow (its freshness) shows everywhere
// within one poll, with no reload; a run started elsewhere shows on an open idle page within the heartbeat.

const RUN_MS = 600;
/** One fast poll (2 s) and the time to answer it. */
const ONE_POLL_MS = 2_500;

afterEach(() => {
  mockService.db.runDurationMs = 6_000;
});

function headerOf(): HTMLElement {
  const header = screen.getByRole('heading', { level: 1 }).parentElement;
  if (!header) throw new Error('no page header');
  return header;
}

async function runToEnd(user: ReturnType<typeof renderApp>['user'], outcome: 'Succeeded' | 'Failed') {
  await user.click(await screen.findByRole('button', { name: 'Run now' }));
  const latest = screen.getByRole('region', { name: 'Latest attempt' });
  await within(latest).findByText(outcome, {}, { timeout: 8_000 });
}

describe('live runs', () => {
  it('the flow header leaves "Never run" when a run ends, without a reload', async () => {
    mockService.db.runDurationMs = RUN_MS;
    const { user } = renderApp(`/flows/${String(SEED.idleFlowId)}`);
    expect(await within(await screen.findByRole('banner', {}, { timeout: 8_000 }).then(() => headerOf())).findByText('Never run')).toBeInTheDocument();
    await runToEnd(user, 'Succeeded');
    await waitFor(
      () => {
        expect(within(headerOf()).getByText('Manual')).toBeInTheDocument();
      },
      { timeout: ONE_POLL_MS },
    );
  }, 20_000);

  it('the flow header says Failing when a manual flow’s run fails', async () => {
    mockService.db.runDurationMs = RUN_MS;
    const flow = mockService.db.flow(SEED.idleFlowId);
    const source = flow && mockService.db.source(flow.source);
    if (!source) throw new Error('the seed changed');
    source.properties.password = BAD_PASSWORD;
    const { user } = renderApp(`/flows/${String(SEED.idleFlowId)}`);
    await screen.findByRole('heading', { level: 1 });
    await runToEnd(user, 'Failed');
    await waitFor(
      () => {
        expect(within(headerOf()).getByText('Failing')).toBeInTheDocument();
      },
      { timeout: ONE_POLL_MS },
    );
  }, 20_000);

  it('a run started elsewhere reaches the flows list row within 10 s', async () => {
    renderApp('/flows');
    const row = async () => (await screen.findByRole('link', { name: 'Partner stock to partner warehouse' }, { timeout: 8_000 })).closest('tr');
    expect(within((await row()) ?? document.body).getByText('Never run')).toBeInTheDocument();
    // Give the page its first heartbeat, then start a run the page did not start (a schedule, a colleague).
    await new Promise((resolve) => setTimeout(resolve, 500));
    mockService.db.runDurationMs = RUN_MS;
    mockService.db.startFlowRun(SEED.idleFlowId, 'scheduled');
    await waitFor(
      async () => {
        expect(within((await row()) ?? document.body).queryByText('Never run')).not.toBeInTheDocument();
      },
      { timeout: 11_000 },
    );
  }, 25_000);

  it.each([`/flows/${String(SEED.runningFlowId)}`, `/workflows/${String(SEED.runningWorkflowId)}`])(
    'counts running flows and workflows in the tab title on %s',
    async (path) => {
      renderApp(path);
      const running = new Set([
        ...mockService.db.state.flowRuns.filter((run) => mockService.db.activeFlowRun(run.flow) === run).map((run) => `flow:${String(run.flow)}`),
        ...mockService.db.state.workflows
          .filter((workflow) => mockService.db.activeWorkflowRun(workflow.id))
          .map((workflow) => `workflow:${String(workflow.id)}`),
      ]);
      expect([...running].some((key) => key.startsWith('workflow:'))).toBe(true);
      await waitFor(() => {
        expect(document.title).toBe(`(${String(running.size)}) Flowdeck`);
      });
    },
  );
});
