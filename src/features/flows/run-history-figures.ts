import type { RunAttempt } from '@/api/flows';
import { formatCount, formatDuration } from '@/lib/format';
import { RUN_STATE_LABELS, runStateOf, runTimeMs, type RunState } from '@/lib/run-status';
import { serviceNow } from '@/api/service-clock';

// What the flow page's run history shows, as plain functions of the attempts (the tests hold them to it).

/** How many attempts the history shows: the newest ones. */
export const HISTORY_SIZE = 100;
export const HISTORY_PAGE = { limit: HISTORY_SIZE, offset: 0, order: 'DESC' } as const;

export interface HistoryPoint {
  id: number;
  number: number | undefined;
  state: RunState;
  /** Until now while it runs; null while it is queued. */
  durationMs: number | null;
  rowsLoaded: number;
  createdAt: string;
}

export const rowsLoadedOf = (attempt: RunAttempt) => attempt.resources.reduce((sum, resource) => sum + resource.loaded, 0);

/** The attempts oldest first, as a chart reads left to right. */
export function historyPoints(attempts: readonly RunAttempt[], numberOf: (attempt: RunAttempt) => number | undefined, now: number): HistoryPoint[] {
  return [...attempts]
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id)
    .map((attempt) => ({
      id: attempt.id,
      number: numberOf(attempt),
      state: runStateOf(attempt),
      durationMs: runTimeMs(attempt, now),
      rowsLoaded: rowsLoadedOf(attempt),
      createdAt: attempt.createdAt,
    }));
}

/** A bar's height in the duration chart: exact seconds. Rounded, a 19 ms attempt drew no bar to point at or click. */
export const durationSecondsOf = (point: HistoryPoint) => (point.durationMs ?? 0) / 1000;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface HistoryFigures {
  /** Succeeded out of succeeded and failed; cancelled and unfinished attempts count for neither. Null: none finished. */
  successRate: number | null;
  decided: number;
  /** Of the succeeded attempts: what a good run takes and loads. */
  medianDurationMs: number | null;
  medianRows: number | null;
  /** When the newest succeeded attempt ended; null: none in the history. */
  lastSuccessAt: string | null;
}

export function historyFigures(attempts: readonly RunAttempt[]): HistoryFigures {
  const succeeded = attempts.filter((attempt) => runStateOf(attempt) === 'succeeded');
  const failed = attempts.filter((attempt) => runStateOf(attempt) === 'failed');
  const decided = succeeded.length + failed.length;
  const durations = succeeded.flatMap((attempt) => runTimeMs(attempt, serviceNow()) ?? []);
  const lastSuccess = succeeded.reduce<RunAttempt | null>(
    (newest, attempt) => (newest === null || Date.parse(attempt.createdAt) > Date.parse(newest.createdAt) ? attempt : newest),
    null,
  );
  return {
    successRate: decided === 0 ? null : succeeded.length / decided,
    decided,
    medianDurationMs: median(durations),
    medianRows: median(succeeded.map(rowsLoadedOf)),
    lastSuccessAt: lastSuccess?.completedAt ?? null,
  };
}

const SUMMARY_STATES: readonly RunState[] = ['succeeded', 'failed', 'cancelled', 'running', 'pending', 'other'];

/**
 * A chart's accessible name, what a sighted user reads off it: "Last 20 attempts: 18 succeeded, 2 failed; median
 * 9 s" (of the succeeded ones, as the figures beside it say), for the durations or the rows loaded.
 */
export function historySummary(points: readonly HistoryPoint[], measure: 'duration' | 'rows'): string {
  const counts = SUMMARY_STATES.flatMap((state) => {
    const count = points.filter((point) => point.state === state).length;
    return count > 0 ? [`${String(count)} ${(state === 'other' ? 'other' : RUN_STATE_LABELS[state]).toLowerCase()}`] : [];
  });
  const succeeded = points.filter((point) => point.state === 'succeeded');
  const middle = measure === 'duration' ? median(succeeded.flatMap((point) => point.durationMs ?? [])) : median(succeeded.map((point) => point.rowsLoaded));
  const typical = middle === null ? '' : `; median ${measure === 'duration' ? formatDuration(middle) : `${formatCount(Math.round(middle))} rows`}`;
  const last = points.length === 1 ? 'Last attempt' : `Last ${String(points.length)} attempts`;
  return `${last}: ${counts.join(', ')}${typical}`;
}
