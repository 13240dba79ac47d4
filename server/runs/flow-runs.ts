import { setTimeout as sleep } from 'node:timers/promises';
import type { RunTrigger } from '@/api/flows';
import { flowAlreadyRunning, flowGone, isCancelledByUserError, MESSAGES } from '@/api/messages';
import { Conflict } from '@/service-rules/errors';
import { isForeignKeyViolation, isUniqueViolation, type Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { SecretBox } from '../secrets';
import { retriesAfter, retryDelaySeconds, retryWaiting } from '@/api/run-policy';
import { type AttemptRow, claimAttempt, failRunningAttempts, findAttempt, insertQueuedAttempt, insertRetryAttempt } from '../store/attempts';
import { findFlow } from '../store/flows';
import { resetFlowTables } from '../store/flow-tables';
import { writeLogLines } from './attempt-log';
import { executeAttempt } from './flow-runner';
import { endOrphanedAttempt } from './orphaned-runs';
import { RUN_NOT_QUEUED, type RunQueue } from './run-queue';

// Queueing, executing and cancelling flow runs. The one-live-attempt rule lives in a partial unique
// index, so racing run requests cannot both win: the loser is told the flow is already running. Every
// attempt is queued first and starts when the run queue lets it through (run-queue.ts: the limits).

/** Who starts a run: a flow runs by hand or on its schedule, a workflow also from a webhook delivery (its steps' attempts: workflow-runner.ts). */
export type FlowTrigger = 'manual' | 'scheduled';
export type WorkflowTrigger = FlowTrigger | 'webhook';
/** `interrupted`: the run lost its database and was ended as interrupted once it answered (orphaned-runs.ts). */
export type Outcome = 'succeeded' | 'failed' | 'cancelled' | 'interrupted';

/** How often a workflow's step looks whether the queue let it through. */
const TURN_POLL_MS = 250;

export interface FlowRunsContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
  runQueue: RunQueue;
  /** This instance's key, once it has started. */
  instanceKey: () => number;
}

export function flowRuns(context: FlowRunsContext) {
  const { db, logger, runQueue } = context;
  /** Abort handles of the attempts executing here, so a cancel on this instance stops them at once. */
  const controllers = new Map<number, AbortController>();

  /** Queues an attempt; a workflow's step waits for its turn (waitForTurn), a flow's own run is handed to the job queue once let through. */
  async function startAttempt(flowId: number, trigger: RunTrigger, workflowRunId: number | null, resync: readonly string[] | null = null): Promise<AttemptRow> {
    try {
      return await insertQueuedAttempt(db, flowId, trigger, workflowRunId, resync);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(flowAlreadyRunning(flowId));
      // Deleted meanwhile, or named by a workflow step after it was deleted.
      if (isForeignKeyViolation(error)) throw new Conflict(flowGone(flowId));
      throw error;
    }
  }

  /** Waits until the queue lets a workflow step's attempt through (true), or it ends meanwhile: cancelled (false). */
  async function waitForTurn(attemptId: number): Promise<boolean> {
    runQueue.admitSoon();
    for (;;) {
      const attempt = await findAttempt(db, attemptId);
      if (attempt?.lifecycle !== 'pending') return attempt?.lifecycle === 'running';
      await sleep(TURN_POLL_MS);
    }
  }

  async function execute(attemptId: number, flowId: number): Promise<Outcome> {
    if (!(await claimAttempt(db, attemptId, context.instanceKey()))) return 'cancelled';
    const controller = new AbortController();
    controllers.set(attemptId, controller);
    try {
      const outcome = await executeAttempt(context, attemptId, flowId, controller.signal);
      logger.info({ attemptId, flowId, outcome }, 'flow run ended');
      if (outcome === 'failed') await retryIfDue(attemptId);
      return outcome;
    } catch (error) {
      // The run could not record its end (its database went away): it ends as interrupted once it is back.
      await endOrphanedAttempt(db, logger, attemptId, error);
      return 'interrupted';
    } finally {
      controllers.delete(attemptId);
      // Its slot is free: the next queued run may start.
      runQueue.admitSoon();
    }
  }

  /**
   * A failed attempt of the flow's own (not a workflow's step: the workflow decides for its steps) is tried
   * again while its flow's policy has retries left: a new attempt linked to it, queued to fall due after the
   * backoff. A run started meanwhile (Run now) takes the place of the retry.
   */
  async function retryIfDue(attemptId: number): Promise<void> {
    const failed = await findAttempt(db, attemptId);
    const flow = failed?.workflow_run_id === null ? await findFlow(db, failed.flow_id) : undefined;
    if (!failed || !flow || failed.errors.some(isCancelledByUserError) || !retriesAfter(flow.retries, failed.retry_number)) return;
    const retryNumber = failed.retry_number + 1;
    const delay = retryDelaySeconds(flow.retries, retryNumber);
    const dueAt = new Date(Date.now() + delay * 1000);
    try {
      const retry = await insertRetryAttempt(db, failed, dueAt, retryWaiting(retryNumber, flow.retries, failed.number, dueAt));
      logger.info({ attemptId: retry.id, retryOf: failed.id, retryNumber, delaySeconds: delay }, 'flow run retry queued');
    } catch (error) {
      if (isUniqueViolation(error) || isForeignKeyViolation(error)) return;
      throw error;
    }
  }

  /** Queues the attempt and lets the queue start it; a re-sync (`resync` set) first resets the state of `reset`. */
  async function queueRun(flowId: number, trigger: FlowTrigger, resync: readonly string[] | null, reset: readonly string[]): Promise<number> {
    const attempt = await startAttempt(flowId, trigger, null, resync);
    try {
      if (reset.length > 0) await resetFlowTables(db, flowId, reset);
      // A free slot takes it before the answer.
      await runQueue.admit();
    } catch (error) {
      // Unless it started (the pass failed another run), it fails: the request answers an error, and no queued run is left behind it.
      if ((await findAttempt(db, attempt.id))?.lifecycle !== 'running') await failRunningAttempts(db, { attemptId: attempt.id }, RUN_NOT_QUEUED);
      throw error;
    }
    return attempt.id;
  }

  const abortHere = (attemptIds: number[]) => {
    for (const id of attemptIds) controllers.get(id)?.abort();
  };

  return {
    startAttempt,
    waitForTurn,
    execute,
    abortHere,
    /** Runs in flight here end as interrupted rather than hang as running. */
    abortAll: () => {
      for (const controller of controllers.values()) controller.abort();
    },

    runFlow: (flowId: number, trigger: FlowTrigger): Promise<number> => queueRun(flowId, trigger, null, []),

    /**
     * A re-sync: the state of `reset` forgotten (a new generation each), then a run that reads `resources`
     * (null: all) in full and replaces their tables. The state is reset only once the run is sure to start.
     */
    resyncFlow: (flowId: number, resources: readonly string[] | null, reset: readonly string[]): Promise<number> =>
      queueRun(flowId, 'manual', resources ?? [], reset),

    cancelFlow: async (flowId: number): Promise<boolean> => {
      const ended = await failRunningAttempts(db, { flowId }, MESSAGES.cancelledByUser);
      for (const attemptId of ended) {
        await writeLogLines(db, logger, attemptId, (log) => {
          log.warn('run.cancel_requested', 'Cancel requested by the user: the run stops at its next batch.');
        });
      }
      abortHere(ended);
      runQueue.admitSoon();
      return ended.length > 0;
    },
  };
}

export type FlowRuns = ReturnType<typeof flowRuns>;
