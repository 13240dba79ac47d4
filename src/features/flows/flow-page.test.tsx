import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listFlows } from '@/api/flows';
import { dateFormat } from '@/lib/format';
import type { OperationName } from '@/mock-service/operations';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

const callsOf = (operation: OperationName) => mockService.calls.filter((call) => call.operation === operation);
/** The attempts table's own page requests (the per-flow numbering reads the whole history, 1000 at a time). */
const pageCalls = () => callsOf('listRunAttempts').filter((call) => new URL(call.url).searchParams.get('limit') !== '1000');

async function openFlow(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Latest attempt' });
  return view;
}

/** Cancel run, then the confirmation's own Cancel run. */
async function confirmCancel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Cancel run' }));
  const dialog = await screen.findByRole('dialog', { name: /^Cancel the run of/ });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
}

function attemptIds(): string[] {
  const table = screen.getByRole('table', { name: 'Run attempts' });
  return within(table)
    .getAllByRole('button', { name: /^Open attempt/ })
    .map((button) => button.textContent);
}

describe('flow page: Run and Cancel', () => {
  it('shows the pending state, sends one request however often it is clicked, then the server message', async () => {
    const { user } = await openFlow('/flows/1');
    mockService.failNext('runFlow', { delayMs: 300 });
    const run = screen.getByRole('button', { name: 'Run now' });
    await user.click(run);
    await user.click(run);
    await user.click(run);
    expect(run).toHaveAttribute('data-loading', 'true');
    expect(await screen.findByText('Run started.')).toBeInTheDocument();
    expect(callsOf('runFlow')).toHaveLength(1);
    // The new attempt shows up without a reload.
    expect(await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText('Running')).toBeInTheDocument();
  });

  it.each([
    [400, 'Flow 1 is already running.', 'The service refused'],
    [403, 'Your current plan does not support running flows.', 'Not included in your plan'],
    [404, 'Not Found', 'Not found'],
    [500, 'Internal Server Error', 'The service failed'],
  ])('shows a %i answer to Run with its message', async (status, message, title) => {
    const { user } = await openFlow('/flows/1');
    mockService.failNext('runFlow', { status, message });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Run now' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps Run now disabled while the flow runs, and says why', async () => {
    const { user } = await openFlow(`/flows/${String(SEED.runningFlowId)}`);
    await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText('Running');
    const run = screen.getByRole('button', { name: 'Run now' });
    expect(run).toHaveAttribute('aria-disabled', 'true');
    await user.hover(run.parentElement ?? run);
    expect(await screen.findByText('A run is going: wait for it to end, or cancel it')).toBeInTheDocument();
    expect(callsOf('runFlow')).toHaveLength(0);
  });

  it('refuses a second run of a running flow with the service message when the status is unknown', async () => {
    // Without a status the dashboard cannot know the flow runs: Run now stays available and the service decides.
    mockService.fail('getFlowStatus', { status: 500 });
    const { user } = renderApp(`/flows/${String(SEED.runningFlowId)}`);
    const run = await screen.findByRole('button', { name: 'Run now' });
    await waitFor(() => {
      expect(run).not.toHaveAttribute('aria-disabled');
    });
    await user.click(run);
    expect(await screen.findByText(`Flow ${String(SEED.runningFlowId)} is already running.`)).toBeInTheDocument();
  });

  it('asks before cancelling, and sends nothing when the user keeps the run', async () => {
    const { user } = await openFlow(`/flows/${String(SEED.runningFlowId)}`);
    await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText('Running');
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the run of the flow “Sample backfill to reporting”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep running' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(callsOf('cancelFlow')).toHaveLength(0);
  });

  it('cancels a running flow after the confirmation: pending, the message, and the attempt ends as Cancelled in grey', async () => {
    const { user } = await openFlow(`/flows/${String(SEED.runningFlowId)}`);
    const latest = screen.getByRole('region', { name: 'Latest attempt' });
    expect(await within(latest).findByText('Running')).toBeInTheDocument();
    await confirmCancel(user);
    expect(await screen.findByText('Flow run cancelled.')).toBeInTheDocument();
    const badge = await within(latest).findByText('Cancelled');
    expect(badge.closest('.mantine-Badge-root')).toHaveStyle({ '--badge-color': 'var(--mantine-color-gray-light-color)' });
    expect(within(latest).queryByText('Failed')).not.toBeInTheDocument();
    // The service's own words stay on screen, as a note rather than an error.
    expect(within(latest).getByText('Cancelled by user.')).toBeInTheDocument();
    expect(within(latest).queryByText('1 error')).not.toBeInTheDocument();
    expect(callsOf('cancelFlow')).toHaveLength(1);
  });

  it.each([
    [400, 'Bad Request'],
    [403, 'Your current plan does not support cancelling runs.'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
  ])('shows a %i answer to Cancel with its message and keeps Cancel available', async (status, message) => {
    const { user } = await openFlow(`/flows/${String(SEED.runningFlowId)}`);
    await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText('Running');
    mockService.failNext('cancelFlow', { status, message });
    await confirmCancel(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Cancel run' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps Cancel on screen but disabled when nothing runs', async () => {
    await openFlow('/flows/1');
    await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText(/Succeeded|Failed/);
    expect(screen.getByRole('button', { name: 'Cancel run' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('flow page: attempts', () => {
  it('pages with limit and offset from the URL and keeps them there', async () => {
    const { user, router } = await openFlow('/flows/1?limit=3');
    await waitFor(() => {
      expect(attemptIds()).toEqual(['#7', '#6', '#5']);
    });
    const firstPage = attemptIds();
    expect(screen.getByText('Attempts 1–3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ limit: 3, offset: 3 });
    });
    await waitFor(() => {
      expect(attemptIds()).not.toEqual(firstPage);
    });
    expect(screen.getByText('Attempts 4–6')).toBeInTheDocument();
    expect(new URL(pageCalls().at(-1)?.url ?? '').searchParams.get('offset')).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => {
      expect(attemptIds()).toEqual(firstPage);
    });
  });

  it('orders newest or oldest first, back to the first page', async () => {
    const { user, router } = await openFlow('/flows/1?offset=2&limit=2');
    await waitFor(() => {
      expect(attemptIds()).toHaveLength(2);
    });
    await user.click(screen.getByText('Oldest first'));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ order: 'ASC' });
    });
    // Back on the first page: the default offset is left out of the URL.
    expect(router.state.location.search).not.toHaveProperty('offset');
    // Oldest first: the flow's first two attempts, numbered per flow.
    await waitFor(() => {
      expect(attemptIds()).toEqual(['#1', '#2']);
    });
  });

  it('numbers attempts per flow, newest first counting down, with the global id in the detail', async () => {
    const { user } = await openFlow(`/flows/${String(SEED.failingFlowId)}`);
    const runs = mockService.db.state.flowRuns.filter((run) => run.flow === SEED.failingFlowId).sort((a, b) => a.startedAt - b.startedAt);
    const newest = runs.at(-1);
    if (!newest) throw new Error('no attempts seeded');
    await waitFor(() => {
      expect(attemptIds()).toEqual(runs.map((_, index) => `#${String(runs.length - index)}`));
    });
    await user.click(screen.getByRole('button', { name: `Open attempt #${String(runs.length)}` }));
    const drawer = await screen.findByRole('dialog', { name: `Attempt #${String(runs.length)}` });
    expect(await within(drawer).findByText(`(id ${String(newest.id)})`)).toBeInTheDocument();
  });

  it('opens an attempt from a link even when no loaded page holds it (older than the last 100)', async () => {
    const flowId = SEED.failingFlowId;
    const seeded = mockService.db.state.flowRuns.filter((run) => run.flow === flowId);
    const [template] = seeded;
    if (!template) throw new Error('no attempts seeded');
    const before = Math.min(...seeded.map((run) => run.startedAt));
    for (let index = 0; index < 120; index += 1) {
      mockService.db.state.flowRuns.push({ ...template, id: 900_000 + index, startedAt: before - (index + 1) * 60_000 });
    }
    const all = mockService.db.state.flowRuns.filter((run) => run.flow === flowId).sort((a, b) => a.startedAt - b.startedAt);
    all.forEach((run, index) => {
      run.number = index + 1;
    });
    await openFlow(`/flows/${String(flowId)}?attempt=900119`);
    const drawer = await screen.findByRole('dialog', { name: 'Attempt #1' });
    expect(await within(drawer).findByText('(id 900119)')).toBeInTheDocument();
  });

  it('falls back to defaults for a bad URL instead of an error', async () => {
    await openFlow('/flows/1?limit=5000&offset=-4&order=sideways');
    await waitFor(() => {
      expect(attemptIds().length).toBeGreaterThan(0);
    });
    expect(new URL(pageCalls().at(-1)?.url ?? '').search).toBe('?limit=25&offset=0&order=DESC&sort=desc');
  });

  it('opens an attempt with its funnel bars, trigger, duration and full errors', async () => {
    const { user, router } = await openFlow(`/flows/${String(SEED.failingFlowId)}`);
    await waitFor(() => {
      expect(attemptIds().length).toBeGreaterThan(0);
    });
    const [newest] = screen.getAllByRole('button', { name: /^Open attempt/ });
    if (!newest) throw new Error('no attempts listed');
    await user.click(newest);
    const drawer = await screen.findByRole('dialog');
    expect(router.state.location.search).toHaveProperty('attempt');
    expect(await within(drawer).findByText('Failed')).toBeInTheDocument();
    expect(within(drawer).getByText(/password authentication failed for user "crm_reader"/)).toBeInTheDocument();
    expect(within(drawer).getByText('Took')).toBeInTheDocument();
  });
});

describe('flow page: first load', () => {
  it('shows the shape of the page while it loads, then the page', async () => {
    // The router shows its pending page after a second: the flow takes longer here.
    mockService.failNext('getFlow', { delayMs: 1_500 });
    mockService.failNext('getFlowStatus', { delayMs: 2_500 });
    renderApp('/flows/1');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading the latest attempt' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders to warehouse' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Latest attempt' })).findByText(/Succeeded|Failed/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the latest attempt' })).not.toBeInTheDocument();
  });
});

describe('flow page: schedule', () => {
  it('tells a frequency flow’s next run as the service answers it (nextRunAt), in the chosen zone', async () => {
    await openFlow('/flows/1');
    const flow = (await listFlows()).find((each) => each.id === 1);
    if (!flow?.nextRunAt) throw new Error('the service gave no next run');
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByText('Every hour')).toBeInTheDocument();
    const next = await within(schedule).findByText(dateFormat('local').dateTimeMinutes(Date.parse(flow.nextRunAt)));
    expect(next.closest('div')).toHaveTextContent(/^Next run: /);
  });

  it('says in which zone the service reads a cron expression and lists its next runs', async () => {
    await openFlow('/flows/10');
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    expect(await within(schedule).findByText('At 02:30 (UTC)')).toBeInTheDocument();
    expect(within(schedule).getByText('The service reads this cron expression in UTC.')).toBeInTheDocument();
    // The words and the times come with the cron library together: no placeholder is left.
    expect(within(schedule).queryByRole('status', { name: 'Reading the next runs' })).not.toBeInTheDocument();
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(5);
  });
});

describe('resource funnel', () => {
  it('claims no percentage while a run goes: counts per stage, the rate and the elapsed time', async () => {
    await openFlow(`/flows/${String(SEED.runningFlowId)}`);
    const latest = screen.getByRole('region', { name: 'Latest attempt' });
    const funnel = await within(latest).findByRole('table', { name: 'Rows per resource' });
    expect(within(funnel).queryAllByRole('progressbar')).toHaveLength(0);
    const [header, first] = within(funnel).getAllByRole('row');
    expect(
      within(header ?? funnel)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Resource', 'Extracted', 'Analyzed', 'Loaded']);
    const [extracted, , loaded] = within(first ?? funnel)
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.textContent);
    expect(Number(extracted?.replaceAll(',', ''))).toBeGreaterThan(0);
    // Loaded counts what the destination keeps: the table in hand has not committed, so its rows are said as written.
    expect(loaded).toMatch(/^[\d,]+ written, commits when the table finishes$/);
    expect(within(latest).getByText('Running for')).toBeInTheDocument();
    expect(within(latest).getByText(/^[\d,]+ rows\/s$/)).toBeInTheDocument();
  });

  it('draws extracted, analyzed and loaded as bars of the extracted rows once the run ended', async () => {
    await openFlow('/flows/1');
    const latest = screen.getByRole('region', { name: 'Latest attempt' });
    const funnel = await within(latest).findByRole('table', { name: 'Rows per resource' });
    const bars = within(funnel).getAllByRole('progressbar');
    const resources = within(funnel).getAllByRole('row').length - 1;
    expect(bars).toHaveLength(resources * 3);
    expect(bars[0]).toHaveAccessibleName(/: extracted [\d,]+ rows$/);
    expect(bars[2]).toHaveAccessibleName(/: loaded [\d,]+ rows$/);
  });
});
