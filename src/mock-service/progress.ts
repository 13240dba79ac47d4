import { MESSAGES } from '@/api/messages';
import { runsAheadWaiting } from '@/service-rules/run-queue';
import type { ResourceCounts as StatusCounts } from '@/service-rules/status';
import type { RunRecord } from './records';

// Runs are never ticked by a timer: their state is a pure function of the clock, so vitest fake
// timers (faking Date) and a real browser both see progress, and nothing leaks between tests.
//
// As the service's runner does, a run loads its resources one after another, each into a load that
// commits when the resource is done: `written` rises while it loads, `loaded` (rows the destination
// keeps) stays 0 until the table commits. A cancel rolls the load in hand back; tables already committed stay.

/** A resource's counts as the status rules read them, with Flowdeck's written rows and whether its table committed. */
export interface ResourceCounts extends StatusCounts {
  written: number;
  committed: boolean;
}

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

export function isRunUnderWay(run: RunRecord, now: number): boolean {
  return run.cancelledAt === null && now < run.startedAt + run.durationMs;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** How long the run waits (for its turn at the destination) before it moves anything. */
export const waitMsOf = (run: RunRecord) => run.waitMs ?? 0;

/** When each resource's load commits, in ms after the run started (equal shares of the time after the wait). */
export function commitOffsets(run: RunRecord): number[] {
  const wait = waitMsOf(run);
  const share = (run.durationMs - wait) / Math.max(1, run.resources.length);
  return run.resources.map((_, index) => wait + share * (index + 1));
}

/** Each resource's counts `elapsed` ms after the start (a cancelled load keeps what it had written, and nothing of it kept). */
function countsAt(run: RunRecord, elapsed: number): ResourceCounts[] {
  const ends = commitOffsets(run);
  return run.resources.map(({ name, rows }, index) => {
    const end = ends[index] ?? 0;
    const start = index === 0 ? waitMsOf(run) : (ends[index - 1] ?? 0);
    if (elapsed >= end) return { name, extracted: rows, analyzed: rows, loaded: rows, written: rows, committed: true };
    // Extraction leads, analysis and writing follow, all reach the resource's count as its load commits.
    const fraction = clamp((elapsed - start) / Math.max(1, end - start));
    return {
      name,
      extracted: Math.floor(rows * clamp(fraction * 1.4)),
      analyzed: Math.floor(rows * clamp((fraction - 0.1) * 1.25)),
      loaded: 0,
      written: Math.floor(rows * clamp((fraction - 0.2) / 0.8)),
      committed: false,
    };
  });
}

/**
 * What a run looks like at `now`; `pendingMs` is how long it waits before it starts moving data (a run queued
 * by its destination's limit is pending for its whole wait).
 */
export function viewRun(run: RunRecord, now: number, pendingMs = run.queuedBehind ? waitMsOf(run) : 0): RunView {
  if (run.cancelledAt !== null && run.cancelledAt <= now) {
    // The tables committed before the cancel stay; the load in hand is rolled back (its table keeps its previous rows).
    // A run cancelled before it counted anything carries no resources, as the service's.
    const counts = countsAt(run, run.cancelledAt - run.startedAt);
    return {
      lifecycle: 'not_running',
      disposition: 'failed',
      resources: counts.some((each) => each.extracted > 0 || each.written > 0) ? counts : null,
      errors: [MESSAGES.cancelledByUser],
      completedAt: run.cancelledAt,
    };
  }
  const elapsed = now - run.startedAt;
  if (elapsed < run.durationMs) {
    const lifecycle = elapsed < pendingMs ? 'pending' : 'running';
    return { lifecycle, disposition: 'none', resources: countsAt(run, elapsed), errors: [], completedAt: null };
  }
  const completedAt = runEndsAt(run);
  if (run.failure) return { lifecycle: 'not_running', disposition: 'failed', resources: null, errors: [...run.failure], completedAt };
  return { lifecycle: 'not_running', disposition: 'succeeded', resources: countsAt(run, run.durationMs), errors: [], completedAt };
}

/** What the run waits for at `now` (its destination: busy with another load, or at its limit of runs), or null. */
export function waitingForAt(run: RunRecord, now: number): string | null {
  if (!isRunUnderWay(run, now) || now - run.startedAt >= waitMsOf(run)) return null;
  if (run.queuedBehind) return runsAheadWaiting(run.queuedBehind.endsAt.filter((end) => end > now).length, run.queuedBehind.destination);
  return run.waitingFor ?? null;
}
