import { randomUUID } from 'node:crypto';
import type { RunTrigger } from '@/api/flows';
import { flowAlreadyRunning, flowGone, MESSAGES } from '@/api/messages';
import { Conflict } from '@/service-rules/errors';
import { isForeignKeyViolation, isUniqueViolation, type Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { SecretBox } from '../secrets';
import { type AttemptRow, claimAttempt, failRunningAttempts, insertRunningAttempt } from '../store/attempts';
import { resetFlowTables } from '../store/flow-tables';
import { writeLogLines } from './attempt-log';
import { executeAttempt } from './flow-runner';
import { endOrphanedAttempt } from './orphaned-runs';
import { type JobQueue, QUEUES } from './queue';

// Queueing, executing and cancelling flow runs. The one-running-attempt rule lives in a partial unique
// index, so racing run requests cannot both win: the loser is told the flow is already running.

/** Who starts a run: a flow runs by hand or on its schedule, a workflow also from a webhook delivery (its steps' attempts: workflow-runner.ts). */
export type FlowTrigger = 'manual' | 'scheduled';
export type WorkflowTrigger = FlowTrigger | 'webhook';
export type Outcome = 'succeeded' | 'failed' | 'cancelled';

export interface FlowRunsContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
  queue: JobQueue;
  /** This instance's key, once it has started. */
  instanceKey: () => number;
}

export function flowRuns(context: FlowRunsContext) {
  const { db, logger, queue } = context;
  /** Abort handles of the attempts executing here, so a cancel on this instance stops them at once. */
  const controllers = new Map<number, AbortController>();

  async function startAttempt(
    flowId: number,
    trigger: RunTrigger,
    workflowRunId: number | null,
    queueJobId: string | null = null,
    resync: readonly string[] | null = null,
  ): Promise<AttemptRow> {
    try {
      return await insertRunningAttempt(db, flowId, trigger, workflowRunId, queueJobId, resync);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(flowAlreadyRunning(flowId));
      // Deleted meanwhile, or named by a workflow step after it was deleted.
      if (isForeignKeyViolation(error)) throw new Conflict(flowGone(flowId));
      throw error;
    }
  }

  async function execute(attemptId: number, flowId: number): Promise<Outcome> {
    if (!(await claimAttempt(db, attemptId, context.instanceKey()))) return 'cancelled';
    const controller = new AbortController();
    controllers.set(attemptId, controller);
    try {
      const outcome = await executeAttempt(context, attemptId, flowId, controller.signal);
      logger.info({ attemptId, flowId, outcome }, 'flow run ended');
      return outcome;
    } catch (error) {
      // The run could not record its end (its database went away): it ends as interrupted once it is back.
      await endOrphanedAttempt(db, logger, attemptId, error);
      return 'failed';
    } finally {
      controllers.delete(attemptId);
    }
  }

  /** Inserts the attempt and queues its job; a re-sync (`resync` set) first resets the state of `reset`. */
  async function queueRun(flowId: number, trigger: FlowTrigger, resync: readonly string[] | null, reset: readonly string[]): Promise<number> {
    // The job's id is noted on the attempt first: recovery can then tell a job lost with the instance
    // that took it before claiming the attempt (recovery.ts).
    const jobId = randomUUID();
    const attempt = await startAttempt(flowId, trigger, null, jobId, resync);
    try {
      if (reset.length > 0) await resetFlowTables(db, flowId, reset);
      await queue.send(QUEUES.flow, { attemptId: attempt.id, flowId }, jobId);
    } catch (error) {
      await failRunningAttempts(db, { flowId }, 'The run could not be queued.');
      throw error;
    }
    return attempt.id;
  }

  const abortHere = (attemptIds: number[]) => {
    for (const id of attemptIds) controllers.get(id)?.abort();
  };

  return {
    startAttempt,
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
      return ended.length > 0;
    },
  };
}

export type FlowRuns = ReturnType<typeof flowRuns>;
