import { isAttemptWaiting } from './run-queue';
import { isCancelledByUserError } from '@/api/messages';
import type { WireWorkflowRun, WireWorkflowRunStep } from './wire';

// A workflow run as GET /v2/workflows/{id}/runs and the status's `lastRun` answer it, with the state of
// each of its steps. A step's state is derived here from what the run stores (its steps as the
// definition had them when the run was asked for, the attempt each started, or why one could not
// start), never stored itself: cancel and crash recovery end attempts and runs, and the steps follow.
// The service and the mock service build runs by these same rules.

export type StepState = 'waiting' | 'queued' | 'running' | 'succeeded' | 'failed' | 'skipped' | 'cancelled';

/** What a step's state is derived from. */
export interface StepFacts {
  /** The run is still live (pending or running). */
  runLive: boolean;
  /** The flow attempt the step started, if it started one. */
  attempt: { lifecycle: string; disposition: string; errors: readonly string[]; waitingFor?: string | null } | null;
  /** Why the step could not start an attempt (the flow was already running, it no longer exists). */
  error: string | null;
  /** The states of the steps it waits for. */
  after: readonly StepState[];
}

const NOT_SUCCEEDED: readonly StepState[] = ['failed', 'skipped', 'cancelled'];

/**
 * waiting: not started and the run may still start it; queued: its flow attempt waits for a slot; running; succeeded; failed (its attempt failed,
 * or it could not start one); cancelled (its attempt was ended by a cancel); skipped: it will not run,
 * because a step it waits for did not succeed, or the run ended (cancelled, interrupted) before its turn.
 */
export function stepStateOf({ runLive, attempt, error, after }: StepFacts): StepState {
  if (attempt) {
    if (isAttemptWaiting(attempt)) return 'queued';
    if (attempt.lifecycle === 'running') return 'running';
    if (attempt.disposition === 'succeeded') return 'succeeded';
    return attempt.errors.some(isCancelledByUserError) ? 'cancelled' : 'failed';
  }
  if (error !== null) return 'failed';
  if (after.some((state) => NOT_SUCCEEDED.includes(state))) return 'skipped';
  return runLive ? 'waiting' : 'skipped';
}

/** How long a finished run took, from when a worker took it (or was asked, if none ever did) to its end. */
export function runDurationMs(run: { createdAt: string; startedAt: string | null; completedAt: string | null }): number | null {
  if (run.completedAt === null) return null;
  return Math.max(0, Date.parse(run.completedAt) - Date.parse(run.startedAt ?? run.createdAt));
}

/** A run as its keeper stores it; times are ISO strings. */
export interface RunFacts {
  id: number;
  workflow: number;
  trigger: string;
  lifecycle: string;
  disposition: string;
  errors: readonly string[];
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** Its number within its workflow; what it waits for while pending; the run it retries or re-runs. */
  number?: number | null;
  waitingFor?: string | null;
  retryOf?: number | null;
  retryNumber?: number;
}

/** A step of a run as stored: its place in the definition, the attempt it started or why it could not. */
export interface StepRecord {
  id: string;
  flow: number;
  after: readonly string[];
  /** The attempt it started (the mock keeps no flow attempts for steps: no id). */
  attempt: {
    id: number | null;
    lifecycle: string;
    disposition: string;
    errors: readonly string[];
    createdAt: string;
    completedAt: string | null;
    /** What it waits for while queued. */
    waitingFor?: string | null;
  } | null;
  error: string | null;
}

export function workflowRunOf(run: RunFacts, steps: readonly StepRecord[]): WireWorkflowRun {
  const runLive = run.lifecycle !== 'not_running';
  const byId = new Map(steps.map((step) => [step.id, step]));
  const states = new Map<string, StepState>();
  // A step's state needs those of the steps it waits for; a run's steps come from a definition without
  // circles, and `visiting` keeps a damaged one from looping.
  const visiting = new Set<string>();
  const stateOf = (step: StepRecord): StepState => {
    const known = states.get(step.id);
    if (known) return known;
    visiting.add(step.id);
    const after = step.after.flatMap((id) => {
      const before = byId.get(id);
      return before && !visiting.has(id) ? [stateOf(before)] : [];
    });
    visiting.delete(step.id);
    const state = stepStateOf({ runLive, attempt: step.attempt, error: step.error, after });
    states.set(step.id, state);
    return state;
  };
  return {
    id: run.id,
    workflow: run.workflow,
    number: run.number ?? null,
    waitingFor: run.waitingFor ?? null,
    retryOf: run.retryOf ?? null,
    retryNumber: run.retryNumber ?? 0,
    trigger: run.trigger,
    lifecycle: run.lifecycle,
    disposition: run.disposition,
    errors: [...run.errors],
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    durationMs: runDurationMs(run),
    steps: steps.map((step): WireWorkflowRunStep => {
      const state = stateOf(step);
      return {
        id: step.id,
        flow: step.flow,
        after: [...step.after],
        state,
        attemptId: step.attempt?.id ?? null,
        waitingFor: state === 'queued' ? (step.attempt?.waitingFor ?? null) : null,
        // A queued step has not started: its wait is no run time.
        startedAt: state === 'queued' ? null : (step.attempt?.createdAt ?? null),
        completedAt: step.attempt?.completedAt ?? null,
        errors: step.attempt ? [...step.attempt.errors] : step.error === null ? [] : [step.error],
      };
    }),
  };
}
