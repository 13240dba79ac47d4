import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// A queued attempt (waiting for a run slot) has not started: it reads as queued, with why, and none of its
// wait is counted as run time. A retry names the attempt it retries by its number in the flow, as the Runs page does.

const LAKE_WAIT = '1 run ahead for “Data lake (Parquet files)”';

/** Flows 5 and 8 both load into the data lake, which takes one run at a time: flow 8's run waits for 5's. */
function queueFlow8() {
  vi.useFakeTimers({ toFake: ['Date'] });
  const lake = mockService.db.destination(3);
  if (!lake) throw new Error('the demo data lake');
  lake.maxConcurrentRuns = 1;
  mockService.db.startFlowRun(5);
  const queued = mockService.db.startFlowRun(8);
  // Some time into its wait, which is no run time.
  vi.setSystemTime(Date.now() + 3_000);
  return queued;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a queued attempt', () => {
  it('reads as queued on the flow page, with why, and counts no run time', async () => {
    const queued = queueFlow8();
    const { user } = renderApp('/flows/8');
    const latest = await screen.findByRole('region', { name: 'Latest attempt' });
    expect(await within(latest).findByText(`Queued: ${LAKE_WAIT}`)).toBeInTheDocument();
    expect(within(latest).getByText('Queued for')).toBeInTheDocument();
    expect(within(latest).queryByText('Running for')).not.toBeInTheDocument();
    expect(within(latest).getByText(LAKE_WAIT)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Run attempts' });
    const row = await within(table).findByRole('row', { name: new RegExp(`^#${String(queued.number)} `) });
    expect(within(row).getByText(`Queued: ${LAKE_WAIT}`)).toBeInTheDocument();
    // Its Duration cell: not started, so no duration (it read 3 s, the wait).
    expect(within(row).queryByText(/^\d+ s$/)).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Open attempt #${String(queued.number)}` }));
    const drawer = await screen.findByRole('dialog', { name: `Attempt #${String(queued.number)}` });
    expect(await within(drawer).findByText('Queued for')).toBeInTheDocument();
    expect(within(drawer).queryByText('Running for')).not.toBeInTheDocument();
    // Three views of one attempt: the page, its table and the drawer's lazy chunk.
  }, 30_000);

  it('is not said to be running on the overview', async () => {
    queueFlow8();
    renderApp('/');
    const live = await screen.findByRole('region', { name: 'Running now' });
    const title = await within(live).findByRole('link', { name: 'Sample data to data lake' });
    const item = title.closest('div')?.parentElement;
    if (!item) throw new Error('no overview item');
    await waitFor(() => {
      expect(within(item).getByText(`Queued: ${LAKE_WAIT}`)).toBeInTheDocument();
    });
    expect(within(item).queryByText(/running for/)).not.toBeInTheDocument();
  });
});

describe('a retry attempt', () => {
  it('names the attempt it retries by its number in the flow, not its id', async () => {
    const first = mockService.db.startFlowRun(8);
    first.startedAt -= 60_000;
    first.failure = ['Connection refused.'];
    const retry = mockService.db.startFlowRun(8);
    retry.retryOf = first.id;
    retry.retryNumber = 2;
    const { user } = renderApp(`/flows/8`);
    const table = await screen.findByRole('table', { name: 'Run attempts' });
    await user.click(await within(table).findByRole('button', { name: `Open attempt #${String(retry.number)}` }));
    const drawer = await screen.findByRole('dialog', { name: `Attempt #${String(retry.number)}` });
    expect(await within(drawer).findByText(`Retry 2 of #${String(first.number)}`)).toBeInTheDocument();
    expect(within(drawer).queryByText(/of id /)).not.toBeInTheDocument();
  });
});
