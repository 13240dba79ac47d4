import type { RunDisposition, RunLifecycle } from '@/api/flows';

/** What a run attempt or a workflow status means to a person; `other` keeps values the interface does not list. */
export type RunState = 'running' | 'pending' | 'succeeded' | 'failed' | 'never' | 'other';

export interface RunStateInput {
  lifecycle: RunLifecycle;
  disposition: RunDisposition;
}

export function runStateOf(status: RunStateInput | null | undefined): RunState {
  if (!status) return 'never';
  if (status.lifecycle === 'running') return 'running';
  if (status.lifecycle === 'pending') return 'pending';
  if (status.lifecycle === 'not_running') {
    if (status.disposition === 'succeeded') return 'succeeded';
    if (status.disposition === 'failed') return 'failed';
    if (status.disposition === 'none') return 'never';
  }
  return 'other';
}

/** Still moving: the view polls fast and Cancel makes sense. */
export function isRunActive(status: RunStateInput | null | undefined): boolean {
  const state = runStateOf(status);
  return state === 'running' || state === 'pending';
}

export const RUN_STATE_LABELS: Record<Exclude<RunState, 'other'>, string> = {
  running: 'Running',
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  never: 'Never run',
};

/** The label a badge shows: the known words, or the service's own values as they came. */
export function runStateLabel(status: RunStateInput | null | undefined): string {
  const state = runStateOf(status);
  if (state !== 'other') return RUN_STATE_LABELS[state];
  return `${status?.lifecycle ?? '?'} · ${status?.disposition ?? '?'}`;
}
