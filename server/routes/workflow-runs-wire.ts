import type { Queryable } from '../db/pool';
import { type RunStepRow, type WorkflowRunRow, workflowRunStepRows } from '../store/workflows';
import { iso, isoOrNull, type WireWorkflowRun } from '@/service-rules/wire';
import { type StepRecord, workflowRunOf } from '@/service-rules/workflow-run';

const stepRecord = (row: RunStepRow): StepRecord => ({
  id: row.step_id,
  flow: row.flow_id,
  after: row.after,
  attempt:
    row.attempt_id === null
      ? null
      : {
          id: row.attempt_id,
          lifecycle: row.attempt_lifecycle ?? 'not_running',
          disposition: row.attempt_disposition ?? 'none',
          errors: row.attempt_errors ?? [],
          createdAt: iso(row.attempt_created_at ?? 0),
          completedAt: isoOrNull(row.attempt_completed_at),
          waitingFor: row.attempt_waiting_for,
        },
  error: row.error,
});

/** Runs on the wire, each with its steps and their states (one query for the steps of them all). */
export async function wireWorkflowRuns(db: Queryable, runs: readonly WorkflowRunRow[]): Promise<WireWorkflowRun[]> {
  const steps =
    runs.length === 0
      ? []
      : await workflowRunStepRows(
          db,
          runs.map((run) => run.id),
        );
  return runs.map((run) =>
    workflowRunOf(
      {
        id: run.id,
        workflow: run.workflow_id,
        number: run.number,
        retryOf: run.retry_of,
        retryNumber: run.retry_number,
        waitingFor: run.waiting_for,
        trigger: run.trigger,
        lifecycle: run.lifecycle,
        disposition: run.disposition,
        errors: run.errors,
        createdAt: iso(run.created_at),
        startedAt: isoOrNull(run.started_at),
        completedAt: isoOrNull(run.completed_at),
      },
      steps.filter((step) => step.workflow_run_id === run.id).map(stepRecord),
    ),
  );
}
