import { MESSAGES } from '@/api/messages';
import type { ResourceCounts } from '@/service-rules/status';
import type { RunRecord } from './records';

// Runs are never ticked by a timer: their state is a pure function of the clock, so vitest fake
// timers (faking Date) and a real browser both see progress, and nothing leaks between tests.

export interface RunView {
  lifecycle: 'pending' | 'running' | 'not_running';
  disposition: 'none' | 'succeeded' | 'failed';
  /** null where the wire leaves `resources` out (failed runs). */
  resources: ResourceCounts[] | null;
  errors: string[];
  completedAt: number | null;
}

export function runEndsAt(run: RunRecord): number {
  return run.cancelledAt ?? run.startedAt + run.durationMs;
}

export function isRunActive(run: RunRecord, now: number): boolean {
  return run.cancelledAt === null && now < run.startedAt + run.durationMs;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Extraction leads, analysis and loading follow, all reach the final count together. */
function countsAt(run: RunRecord, fraction: number): ResourceCounts[] {
  return run.resources.map(({ name, rows }) => ({
    name,
    extracted: Math.floor(rows * clamp(fraction * 1.6)),
    analyzed: Math.floor(rows * clamp((fraction - 0.15) * 1.5)),
    loaded: Math.floor(rows * clamp((fraction - 0.35) / 0.65)),
  }));
}

/** What a run looks like at `now`; `pendingMs` is how long it waits before it starts moving data. */
export function viewRun(run: RunRecord, now: number, pendingMs = 0): RunView {
  if (run.cancelledAt !== null && run.cancelledAt <= now) {
    return { lifecycle: 'not_running', disposition: 'failed', resources: null, errors: [MESSAGES.cancelledByUser], completedAt: run.cancelledAt };
  }
  const elapsed = now - run.startedAt;
  if (elapsed < run.durationMs) {
    const lifecycle = elapsed < pendingMs ? 'pending' : 'running';
    return { lifecycle, disposition: 'none', resources: countsAt(run, elapsed / run.durationMs), errors: [], completedAt: null };
  }
  const completedAt = runEndsAt(run);
  if (run.failure) return { lifecycle: 'not_running', disposition: 'failed', resources: null, errors: [...run.failure], completedAt };
  return { lifecycle: 'not_running', disposition: 'succeeded', resources: countsAt(run, 1), errors: [], completedAt };
}
