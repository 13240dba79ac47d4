import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FlowRunRecord, LogLineRecord } from '@/mock-service/records';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The attempt view's log against the mock service: levels, search with the matches marked, the jump to
// the first error, following a running attempt, and the download of every line, page by page.

const logLine = (at: number, level: string, message: string, resource: string | null = null): LogLineRecord => ({
  at,
  level,
  event: level === 'error' ? 'resource.failed' : 'resource.progress',
  message,
  resource,
  fields: {},
});

function latestRun(flowId: number): FlowRunRecord {
  const run = mockService.db.state.flowRuns.filter((candidate) => candidate.flow === flowId).at(-1);
  if (!run) throw new Error(`flow ${String(flowId)} has no run`);
  return run;
}

/** The seeded flow 1's newest attempt, with the given lines, opened in the attempt view. */
async function openWithLines(lines: (start: number) => LogLineRecord[], flowId = 1) {
  const run = latestRun(flowId);
  run.log = lines(run.startedAt);
  const view = renderApp(`/flows/${String(flowId)}?attempt=${String(run.id)}`);
  const log = await screen.findByRole('log', { name: /^Log of attempt/ });
  return { ...view, run, log };
}

const sampleLines = (start: number) => [
  logLine(start, 'info', 'Attempt started (manual).'),
  logLine(start + 10, 'info', 'Started.', 'orders'),
  logLine(start + 20, 'warn', 'The source gave no rows.', 'customers'),
  logLine(start + 30, 'error', 'Failed, nothing of it was kept: connection reset', 'orders'),
  logLine(start + 40, 'info', '1,200 rows loaded so far.', 'products'),
  logLine(start + 50, 'error', 'Attempt failed: orders could not be loaded.'),
];

describe('the attempt log', () => {
  it('shows the lines, filters them by level and marks what the search finds', async () => {
    const { user, log } = await openWithLines(sampleLines);
    expect(await within(log).findByText('Attempt started (manual).')).toBeInTheDocument();
    expect(within(log).getByText('The source gave no rows.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Info' }));
    await waitFor(() => {
      expect(within(log).queryByText('Attempt started (manual).')).not.toBeInTheDocument();
    });
    expect(within(log).getByText('The source gave no rows.')).toBeInTheDocument();
    expect(screen.getByText('3 of 6 lines')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Info' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'ORDERS');
    await waitFor(() => {
      expect(screen.getByText('3 of 6 lines')).toBeInTheDocument();
    });
    const marks = within(log)
      .getAllByText((_, element) => element?.tagName === 'MARK')
      .map((mark) => mark.textContent);
    expect(marks).toEqual(['orders', 'orders', 'orders']);
    expect(within(log).queryByText(/products/)).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search the log' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'nothing like it');
    expect(await within(log).findByText('No line matches.')).toBeInTheDocument();
  });

  it('jumps to the first error', async () => {
    const { user, log } = await openWithLines(sampleLines);
    await within(log).findByText('Attempt started (manual).');
    await user.click(screen.getByRole('button', { name: 'Jump to first error' }));
    const current = log.querySelector('[data-current]');
    expect(current).toHaveTextContent('Failed, nothing of it was kept: connection reset');
    expect(current).toHaveTextContent('ERROR');
  });

  it('has nothing to jump to without an error', async () => {
    const { log } = await openWithLines((start) => [logLine(start, 'info', 'Attempt succeeded.')]);
    await within(log).findByText('Attempt succeeded.');
    expect(screen.getByRole('button', { name: 'Jump to first error' })).toBeDisabled();
  });

  it('follows a running attempt: new lines appear as the run writes them', async () => {
    const now = Date.now();
    const { log, run } = await openWithLines(
      () => [logLine(now - 2_000, 'info', 'Attempt started (scheduled).'), logLine(now + 60_000, 'info', 'written in a minute')],
      SEED.runningFlowId,
    );
    await within(log).findByText('Attempt started (scheduled).');
    expect(within(log).queryByText('written in a minute')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following new lines' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/· following$/)).toBeInTheDocument();

    run.log?.splice(1, 0, logLine(Date.now(), 'warn', 'A new line, just now', 'orders'));
    expect(await within(log).findByText('A new line, just now', {}, { timeout: 5_000 })).toBeInTheDocument();
    const reads = mockService.calls.filter((call) => call.operation === 'listAttemptLogs').map((call) => new URL(call.url).searchParams.get('after'));
    // After the first page, each poll asks only for the lines after the last one read.
    expect(reads[0]).toBeNull();
    expect(reads.slice(1).every((after) => after !== null)).toBe(true);
  });

  it('still reads the lines the runner writes just after the attempt ended (how a cancel stopped it)', async () => {
    const now = Date.now();
    const { log, run } = await openWithLines(() => [logLine(now - 2_000, 'info', 'Attempt started (scheduled).')], SEED.runningFlowId);
    await within(log).findByText('Attempt started (scheduled).');
    mockService.db.cancelRun(run);
    run.log?.push(logLine(Date.now() + 1_500, 'warn', 'Cancelled after 90 s: the load of orders was rolled back.'));
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    });
    expect(await within(log).findByText('Cancelled after 90 s: the load of orders was rolled back.', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('downloads every line, read page by page, as text or JSON Lines', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:log';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const many = (start: number) =>
      Array.from({ length: 6_200 }, (_, index) => logLine(start + index, index === 4_321 ? 'error' : 'info', `line ${String(index + 1)}`));
    const { user, log, run } = await openWithLines(many);
    await within(log).findByText('line 1');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: 'As text (.log)' }));
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    const text = (await saved[0]?.text())?.trimEnd().split('\n') ?? [];
    expect(text).toHaveLength(6_200);
    expect(text[0]).toBe(`${new Date(run.startedAt).toISOString()} INFO  - line 1`);
    expect(text[4_321]).toMatch(/ ERROR - line 4322$/);

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: 'As JSON Lines (.jsonl)' }));
    await waitFor(() => {
      expect(saved).toHaveLength(2);
    });
    const records = ((await saved[1]?.text())?.trimEnd().split('\n') ?? []).map((row) => JSON.parse(row) as { message: string; level: string });
    expect(records).toHaveLength(6_200);
    expect(records[6_199]).toMatchObject({ message: 'line 6200', level: 'info' });
    const downloadPages = mockService.calls.filter((call) => call.operation === 'listAttemptLogs' && new URL(call.url).searchParams.get('limit') === '5000');
    expect(downloadPages.length).toBeGreaterThanOrEqual(4);
  });
});
