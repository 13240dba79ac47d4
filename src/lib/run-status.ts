import type { RunDisposition, RunLifecycle } from '@/api/flows';
import type { FRESHNESS_STATES } from '@/api/freshness';
import { isCancelledByUserError } from '@/api/messages';
import { isAttemptWaiting } from '@/service-rules/run-queue';
import { runDurationMs } from './format';

/**
 * What a run attempt, a flow status or a workflow status means to a person. `other` keeps the values the
 * interface does not list, shown as they came.
 */
export type RunState = 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'never' | 'other';

export interface RunStateInput {
  lifecycle: RunLifecycle;
  disposition: RunDisposition;
  /** Only read to tell a cancelled run from a failed one. */
  errors?: readonly string[];
  /** What a running attempt waits for (its destination, busy with another load): it is queued, not moving. */
  waitingFor?: string | null;
}

/**
 * The interface has no "cancelled" disposition: the service ends a cancelled run as not_running / failed with
 * the error `Cancelled by user.` (src/api/messages.ts knows its words). A workflow's status lists that error
 * among its steps' errors. The dashboard reads it here and nowhere else.
 */
export function isCancelledByUser(errors: readonly string[] | undefined): boolean {
  return errors?.some(isCancelledByUserError) ?? false;
}

/** A cancelled run's errors told apart: the service's own words for the cancel, and the real errors beside it. */
export function splitCancelNote(errors: readonly string[]): { cancelNote: string | null; errors: readonly string[] } {
  const note = errors.find(isCancelledByUserError);
  return note === undefined ? { cancelNote: null, errors } : { cancelNote: note, errors: errors.filter((error) => error !== note) };
}

export function runStateOf(status: RunStateInput | null | undefined): RunState {
  if (!status) return 'never';
  if (isAttemptWaiting(status)) return 'pending';
  if (status.lifecycle === 'running') return 'running';
  if (status.lifecycle === 'not_running') {
    if (status.disposition === 'succeeded') return 'succeeded';
    // A run the user stopped is not a failure: it is neither counted nor shown as one.
    if (status.disposition === 'failed') return isCancelledByUser(status.errors) ? 'cancelled' : 'failed';
    if (status.disposition === 'none') return 'never';
  }
  return 'other';
}

/** Still moving: the view polls fast, Cancel makes sense and Run now waits. */
export function isRunActive(status: RunStateInput | null | undefined): boolean {
  const state = runStateOf(status);
  return state === 'running' || state === 'pending';
}

/** How the time a run has spent reads in its state: a queued run waits (it has not started), a live one runs. */
export function runTimeLabel(state: RunState): 'Queued for' | 'Running for' | 'Took' {
  if (state === 'pending') return 'Queued for';
  return state === 'running' ? 'Running for' : 'Took';
}

/**
 * How long a run has run (until now while it runs): null while it is queued, whose wait is no run time. Once
 * started, it counts from `createdAt`, the one start the interface gives an attempt.
 */
export function runTimeMs(run: RunStateInput & { createdAt: string; completedAt: string | null }, now: number): number | null {
  return runStateOf(run) === 'pending' ? null : runDurationMs(run.createdAt, run.completedAt, now);
}

/** A run state's Mantine colour, for badges, chart bars and timeline bars alike. */
export const RUN_STATE_COLORS: Record<RunState, string> = {
  pending: 'cyan',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  // A run the user stopped is no alarm: grey, like a run that never happened (which is outlined).
  cancelled: 'gray',
  never: 'gray',
  other: 'grape',
};

export const RUN_STATE_LABELS: Record<Exclude<RunState, 'other'>, string> = {
  pending: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  never: 'Never run',
};

/**
 * What a queued run waits for, in the badge's words: the service says `Waiting for “Warehouse”: another
 * load into the same DuckDB file`; the badge keeps `waiting for “Warehouse”` (the whole sentence is its title).
 */
export function waitingWords(waitingFor: string): string {
  const named = /^waiting for “[^”]*”/i.exec(waitingFor)?.[0] ?? waitingFor;
  return named.charAt(0).toLowerCase() + named.slice(1);
}

/** A queued run (or workflow step) in words: `Queued: 2 runs ahead for “Warehouse”`. */
export const queuedLabel = (waitingFor: string | null | undefined) => (waitingFor ? `Queued: ${waitingWords(waitingFor)}` : RUN_STATE_LABELS.pending);

/** The label a badge shows: the known words, or the service's own values as they came. */
export function runStateLabel(status: RunStateInput | null | undefined): string {
  const state = runStateOf(status);
  if (state === 'pending') return queuedLabel(status?.waitingFor);
  if (state !== 'other') return RUN_STATE_LABELS[state];
  return `${status?.lifecycle ?? '?'} · ${status?.disposition ?? '?'}`;
}

const TRIGGER_LABELS: Record<string, string> = { manual: 'Manual', scheduled: 'Scheduled', workflow: 'Workflow', webhook: 'Webhook' };

/** Who started a run, in a word; a trigger the interface does not list is shown as it came. */
export function triggerLabel(trigger: string): string {
  return TRIGGER_LABELS[trigger.toLowerCase()] ?? trigger;
}

/** Freshness in words (src/service-rules/freshness.ts decides it; docs/freshness.md writes the rule down). */
export const FRESHNESS_LABELS: Record<(typeof FRESHNESS_STATES)[number], string> = {
  on_time: 'On time',
  late: 'Late',
  failing: 'Failing',
  paused: 'Paused',
  manual: 'Manual',
  never_run: 'Never run',
};

/** The badge colour of each freshness (the flows list's light badge and FreshnessBadge alike). */
export const FRESHNESS_COLORS: Record<string, string> = { on_time: 'green', late: 'yellow', failing: 'red', paused: 'gray', manual: 'gray', never_run: 'gray' };

/** What each freshness means, shown on hover of its badge. */
export const FRESHNESS_EXPLAINED: Record<string, string> = {
  on_time: 'Its last scheduled run started on time.',
  late: 'A scheduled run did not start or succeed within its interval plus a grace period.',
  failing: 'Its last finished run failed.',
  paused: 'Its schedule is paused or disabled.',
  manual: 'It has no schedule: it runs only when asked.',
  never_run: 'It has not run yet.',
};

/** A freshness the service names but the dashboard does not know is shown as it came. */
export function freshnessLabel(freshness: string): string {
  return (FRESHNESS_LABELS as Record<string, string | undefined>)[freshness] ?? freshness;
}
