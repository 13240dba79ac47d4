import { randomUUID } from 'node:crypto';
import { isCancelledByUserError, MESSAGES, onlyFailedRunsRerun, workflowAlreadyRunning } from '@/api/messages';
import { retriesAfter, retryDelaySeconds, retryWaiting } from '@/api/run-policy';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { isUniqueViolation, type Pool } from '../db/pool';
import { failRunningAttempts } from '../store/attempts';
import { failLiveWorkflowRuns, findWorkflow, findWorkflowRun, insertPendingWorkflowRun, insertRerun, type WorkflowRunRow } from '../store/workflows';
import { readDefinition } from '@/service-rules/workflow-definition';
import type { Logger } from '../logger';
import type { FlowRuns, WorkflowTrigger } from './flow-runs';
import { type JobQueue, QUEUES } from './queue';
import { RUN_NOT_QUEUED } from './run-queue';

// Queueing, retrying and cancelling workflow runs (workflow-runner.ts executes them). One live run per
// workflow, by a partial unique index like flows.

export function workflowRuns(db: Pool, queue: JobQueue, flows: FlowRuns, logger: Logger) {
  /**
   * Inserts a pending run and queues it (after `delaySeconds`: a retry's backoff); the job's id is noted on
   * the run first, as for flow runs (recovery.ts).
   */
  const queued = async (workflowId: number, insert: (jobId: string) => Promise<WorkflowRunRow>, delaySeconds = 0): Promise<number> => {
    const jobId = randomUUID();
    let run;
    try {
      run = await insert(jobId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(workflowAlreadyRunning(workflowId));
      throw error;
    }
    try {
      await queue.send(QUEUES.workflow, { runId: run.id }, jobId, delaySeconds);
    } catch (error) {
      // Otherwise the pending run would block every later run of this workflow.
      await failLiveWorkflowRuns(db, workflowId, RUN_NOT_QUEUED);
      throw error;
    }
    return run.id;
  };

  return {
    runWorkflow: async (workflowId: number, trigger: WorkflowTrigger): Promise<number> => {
      // The run keeps the steps of the definition as it is now; one that cannot run gets none, and the
      // runner ends the run saying why.
      const workflow = await findWorkflow(db, workflowId);
      const read = workflow ? readDefinition(workflow.definition) : undefined;
      const steps = read && 'steps' in read ? read.steps : [];
      return queued(workflowId, (jobId) => insertPendingWorkflowRun(db, workflowId, trigger, steps, jobId));
    },

    rerunWorkflowRun: async (workflowId: number, runId: number): Promise<number> => {
      const failed = await findWorkflowRun(db, runId);
      if (failed?.workflow_id !== workflowId) throw new NotFound();
      if (failed.lifecycle !== 'not_running' || failed.disposition !== 'failed') throw new InvalidInput(onlyFailedRunsRerun(failed.number));
      return queued(workflowId, (jobId) => insertRerun(db, failed, { trigger: 'manual', queueJobId: jobId }));
    },

    /**
     * A run its runner ended failed is tried again while its workflow's policy has retries left: a re-run from
     * its failed steps (the trigger kept), pending until its backoff has passed and saying so. A run asked for
     * meanwhile takes the place of the retry; a cancelled run is never retried (its runner does not end it).
     */
    retryIfDue: async (runId: number): Promise<void> => {
      const failed = await findWorkflowRun(db, runId);
      const workflow = failed ? await findWorkflow(db, failed.workflow_id) : undefined;
      if (!failed || !workflow || failed.disposition !== 'failed' || failed.errors.some(isCancelledByUserError)) return;
      if (!retriesAfter(workflow.retries, failed.retry_number)) return;
      const retryNumber = failed.retry_number + 1;
      const delay = retryDelaySeconds(workflow.retries, retryNumber);
      const dueAt = new Date(Date.now() + delay * 1000);
      const waitingFor = retryWaiting(retryNumber, workflow.retries, failed.number, dueAt);
      try {
        const retryId = await queued(workflow.id, (jobId) => insertRerun(db, failed, { trigger: failed.trigger, queueJobId: jobId, dueAt, waitingFor }), delay);
        logger.info({ runId: retryId, retryOf: failed.id, retryNumber, delaySeconds: delay }, 'workflow run retry queued');
      } catch (error) {
        if (error instanceof Conflict) return;
        throw error;
      }
    },

    cancelWorkflow: async (workflowId: number): Promise<boolean> => {
      const runs = await failLiveWorkflowRuns(db, workflowId, MESSAGES.cancelledByUser);
      for (const runId of runs) flows.abortHere(await failRunningAttempts(db, { workflowRunId: runId }, MESSAGES.cancelledByUser));
      return runs.length > 0;
    },
  };
}
