import { availableParallelism } from 'node:os';
import type { Pool } from '../db/pool';
import { openTransaction } from '../db/request-transaction';
import type { Logger } from '../logger';
import { failRunningAttempts } from '../store/attempts';
import { admitQueuedAttempts } from '../store/run-queue';
import { type JobQueue, QUEUES } from './queue';

// The run queue (issue 31): every flow attempt, a flow's own run or a workflow's step, is stored `pending`
// and starts once admitted (store/run-queue.ts; the rule: src/service-rules/run-queue.ts). A pass runs when
// a run is asked for, when one ends here, and every second on every instance that executes runs (runs
// ending on another instance, retries falling due, a restart). An admitted run of a flow's own is handed to
// the job queue; a workflow's step is started by its workflow's runner, which waits for its turn.

/** Why a run ended before it started: its job could not be handed to the job queue. */
export const RUN_NOT_QUEUED = 'The run could not be queued.';

/** The service-wide limit when FLOWDECK_MAX_RUNS is not set: one run per core. */
export const defaultMaxRuns = () => availableParallelism();

/** FLOWDECK_MAX_RUNS: a whole number of runs, at least 1. */
export function readMaxRuns(raw: string | undefined): number {
  if (raw === undefined || raw === '') return defaultMaxRuns();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`FLOWDECK_MAX_RUNS must be a whole number of runs, at least 1, got "${raw}".`);
  return value;
}

export function runQueue(db: Pool, queue: JobQueue, logger: Logger, maxRuns: number) {
  let passing: Promise<void> | null = null;
  let wanted = false;

  /** Lets runs through and hands each flow's own run to the job queue; a run whose job cannot be sent fails, so it blocks no later run. */
  const pass = async () => {
    let unsent: Error | null = null;
    for (const attempt of await admitQueuedAttempts(db, maxRuns)) {
      if (attempt.queue_job_id === null) continue;
      // A job lost after this (the instance dies) is queued again by recovery: the attempt notes its id.
      try {
        await queue.send(QUEUES.flow, { attemptId: attempt.id, flowId: attempt.flow_id }, attempt.queue_job_id);
      } catch (error) {
        unsent = error instanceof Error ? error : new Error(String(error));
        await failRunningAttempts(db, { attemptId: attempt.id }, RUN_NOT_QUEUED);
      }
    }
    if (unsent !== null) throw unsent;
  };

  const takeWanted = () => {
    const was = wanted;
    wanted = false;
    return was;
  };

  /**
   * One pass at a time here; asked for while one is under way, one more follows it (it sees what ended meanwhile).
   * Asked for inside a request's change (request-transaction.ts), the pass follows its COMMIT, before the answer:
   * a pass shared with other callers must not run in one request's transaction, nor miss the run it just stored.
   */
  const admit = (): Promise<void> => {
    const transaction = openTransaction();
    if (transaction) {
      transaction.afterCommit(admit);
      return Promise.resolve();
    }
    wanted = true;
    passing ??= (async () => {
      try {
        while (takeWanted()) await pass();
      } finally {
        passing = null;
      }
    })();
    return passing;
  };

  return {
    admit,
    /** A pass whose failure is only logged: the next (every second) tries again. */
    admitSoon: () => {
      void admit().catch((error: unknown) => {
        logger.warn({ err: String(error) }, 'run queue pass failed');
      });
    },
  };
}

export type RunQueue = ReturnType<typeof runQueue>;
