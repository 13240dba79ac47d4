import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dateFormat } from '@/lib/format';
import type { FlowRunRecord } from '@/mock-service/records';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';
import { durationSecondsOf, historyFigures, type HistoryPoint, median } from './run-history-figures';

const MINUTE = 60_000;

/** Gives the never-run flow a history: each run with its start (minutes ago), duration, rows and outcome. */
function seedHistory(runs: { agoMin: number; seconds: number; rows: number; outcome: 'succeeded' | 'failed' | 'cancelled' | 'running' }[]) {
  const { db } = mockService;
  const now = db.now();
  return runs.map((run, index): FlowRunRecord => {
    const startedAt = now - run.agoMin * MINUTE;
    const record: FlowRunRecord = {
      id: db.nextId('flowRun'),
      flow: SEED.idleFlowId,
      number: index + 1,
      trigger: 'scheduled',
      startedAt,
      durationMs: run.seconds * 1000,
      failure: run.outcome === 'failed' ? ['Connection refused'] : null,
      cancelledAt: run.outcome === 'cancelled' ? startedAt + 1000 : null,
      resources: [{ name: 'orders', rows: run.rows }],
    };
    db.state.flowRuns.push(record);
    return record;
  });
}

async function openHistory(flowId: number) {
  const view = renderApp(`/flows/${String(flowId)}`);
  const history = await screen.findByRole('region', { name: 'Run history' });
  return { ...view, history };
}

const fact = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling;

describe('flow page: run history', () => {
  it('sums up the attempts: success rate of the finished ones, medians of the successful ones, last success', async () => {
    const runs = seedHistory([
      { agoMin: 50, seconds: 10, rows: 100, outcome: 'succeeded' },
      { agoMin: 40, seconds: 5, rows: 999, outcome: 'failed' },
      { agoMin: 30, seconds: 30, rows: 300, outcome: 'succeeded' },
      { agoMin: 20, seconds: 90, rows: 999, outcome: 'cancelled' },
      { agoMin: 10, seconds: 20, rows: 200, outcome: 'succeeded' },
    ]);
    const { history } = await openHistory(SEED.idleFlowId);
    const figures = await within(history).findByRole('generic', { name: 'Run history figures' });
    expect(within(figures).getByText('Last 5 attempts')).toBeInTheDocument();
    // 3 succeeded, 1 failed; a cancelled run is neither.
    expect(fact(figures, 'Success rate')).toHaveTextContent('75% of 4 finished');
    expect(fact(figures, 'Median duration')).toHaveTextContent('20 s');
    expect(fact(figures, 'Median rows loaded')).toHaveTextContent('200');
    const last = runs[4];
    if (!last) throw new Error('no run');
    expect(fact(figures, 'Last success')).toHaveTextContent('9 min ago');
    expect(fact(figures, 'Last success')).toHaveTextContent(dateFormat('local').dateTime(last.startedAt + last.durationMs));
    expect(await within(history).findByRole('figure', { name: 'Duration per attempt' })).toBeInTheDocument();
    expect(await within(history).findByRole('figure', { name: 'Rows loaded per attempt' })).toBeInTheDocument();
  });

  it('shows the rows per second and the time elapsed of a run in progress, live', async () => {
    seedHistory([
      { agoMin: 30, seconds: 10, rows: 100, outcome: 'succeeded' },
      { agoMin: 1, seconds: 3600, rows: 1_000_000, outcome: 'running' },
    ]);
    const { history } = await openHistory(SEED.idleFlowId);
    const figures = await within(history).findByRole('generic', { name: 'Run history figures' });
    const now = await within(figures).findByText('Running now');
    expect(now.nextElementSibling).toHaveTextContent(/^[\d,]+ rows\/s loaded · [\d,]+ rows in 1 min \d+ s$/);
    const before = now.nextElementSibling?.textContent;
    await waitFor(() => {
      expect(now.nextElementSibling?.textContent).not.toBe(before);
    });
  });

  it('says so when the flow never ran', async () => {
    const { history } = await openHistory(SEED.idleFlowId);
    expect(await within(history).findByText('No runs yet: the history fills in as the flow runs.')).toBeInTheDocument();
  });

  it('reads the last 100 attempts in one request', async () => {
    await openHistory(SEED.workflowStepFlowId);
    await waitFor(() => {
      expect(mockService.calls.some((call) => call.operation === 'listRunAttempts' && new URL(call.url).searchParams.get('limit') === '100')).toBe(true);
    });
  });
});

describe('run history figures', () => {
  const attempt = (state: 'succeeded' | 'failed', seconds: number, loaded: number, startMin: number) => ({
    id: startMin,
    flow: 1,
    number: startMin,
    trigger: 'manual',
    lifecycle: 'not_running',
    disposition: state,
    errors: [],
    createdAt: new Date(startMin * MINUTE).toISOString(),
    completedAt: new Date(startMin * MINUTE + seconds * 1000).toISOString(),
    resources: [{ name: 'a', extracted: loaded, analyzed: loaded, loaded, written: loaded, committed: true, errors: [] }],
    waitingFor: null,
  });

  it('draws a bar for an attempt of a few milliseconds (rounded to tenths of a second it had none to click)', () => {
    const point = (durationMs: number | null): HistoryPoint => ({
      id: 1,
      number: 1,
      state: 'succeeded',
      createdAt: '2026-01-01T00:00:00Z',
      durationMs,
      rowsLoaded: 40,
    });
    expect(durationSecondsOf(point(19))).toBe(0.019);
    expect(durationSecondsOf(point(61_500))).toBe(61.5);
    expect(durationSecondsOf(point(null))).toBe(0);
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('has no success rate before anything finished, and no last success before one', () => {
    expect(historyFigures([attempt('failed', 1, 0, 1)])).toMatchObject({ successRate: 0, lastSuccessAt: null, medianDurationMs: null });
    expect(historyFigures([])).toMatchObject({ successRate: null, decided: 0 });
  });

  it('names the newest success, whatever the order the attempts come in', () => {
    const figures = historyFigures([attempt('succeeded', 2, 10, 5), attempt('succeeded', 4, 30, 9), attempt('succeeded', 6, 20, 1)]);
    expect(figures.lastSuccessAt).toBe(new Date(9 * MINUTE + 4000).toISOString());
    expect(figures).toMatchObject({ medianDurationMs: 4000, medianRows: 20, successRate: 1 });
  });
});
