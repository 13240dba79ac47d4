import type { RetryPolicy } from '@/api/run-policy';
import { one, type Queryable } from '../db/pool';
import type { Page } from '@/service-rules/request-params';
import type { WorkflowStep } from '@/service-rules/workflow-definition';

export interface WorkflowRow {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  definition: unknown;
  frequency: string | null;
  cron: string;
  node_schemas: unknown;
  next_run_at: Date | null;
  created_at: Date;
  time_zone: string;
  retries: RetryPolicy;
}

export interface WorkflowFields {
  name: string;
  description: string;
  enabled: boolean;
  definition: unknown;
  frequency: string | null;
  cron: string;
  nodeSchemas: unknown;
  nextRunAt: Date | null;
  timeZone: string;
  retries: RetryPolicy;
}

export interface WorkflowRunRow {
  id: number;
  workflow_id: number;
  /** #1, #2 ... per workflow, given at insert (migration 031). */
  number: number;
  retry_of: number | null;
  retry_number: number;
  waiting_for: string | null;
  trigger: string;
  lifecycle: string;
  disposition: string;
  errors: string[];
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

/** A step of a run (as the definition had it when the run was asked for) with the attempt it started, if any. */
export interface RunStepRow {
  workflow_run_id: number;
  step_id: string;
  flow_id: number;
  after: string[];
  error: string | null;
  attempt_id: number | null;
  attempt_lifecycle: string | null;
  attempt_disposition: string | null;
  attempt_errors: string[] | null;
  attempt_created_at: Date | null;
  attempt_completed_at: Date | null;
  attempt_waiting_for: string | null;
}

export async function listWorkflows(db: Queryable, page: Page): Promise<WorkflowRow[]> {
  const { rows } = await db.query<WorkflowRow>('SELECT * FROM workflows ORDER BY id LIMIT $1 OFFSET $2', [page.limit, page.offset]);
  return rows;
}

export async function findWorkflow(db: Queryable, id: number): Promise<WorkflowRow | undefined> {
  const { rows } = await db.query<WorkflowRow>('SELECT * FROM workflows WHERE id = $1', [id]);
  return rows[0];
}

const COLUMNS = [
  (w: WorkflowFields) => w.name,
  (w: WorkflowFields) => w.description,
  (w: WorkflowFields) => w.enabled,
  (w: WorkflowFields) => JSON.stringify(w.definition),
  (w: WorkflowFields) => w.frequency,
  (w: WorkflowFields) => w.cron,
  (w: WorkflowFields) => (w.nodeSchemas === null ? null : JSON.stringify(w.nodeSchemas)),
  (w: WorkflowFields) => w.nextRunAt,
  (w: WorkflowFields) => w.timeZone,
  (w: WorkflowFields) => JSON.stringify(w.retries),
];

export async function insertWorkflow(db: Queryable, workflow: WorkflowFields): Promise<WorkflowRow> {
  const { rows } = await db.query<WorkflowRow>(
    `INSERT INTO workflows (name, description, enabled, definition, frequency, cron, node_schemas, next_run_at, time_zone, retries)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    COLUMNS.map((column) => column(workflow)),
  );
  return one(rows);
}

export async function updateWorkflowRow(db: Queryable, id: number, workflow: WorkflowFields): Promise<WorkflowRow> {
  const { rows } = await db.query<WorkflowRow>(
    `UPDATE workflows SET name = $2, description = $3, enabled = $4, definition = $5, frequency = $6, cron = $7, node_schemas = $8, next_run_at = $9,
       time_zone = $10, retries = $11, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, ...COLUMNS.map((column) => column(workflow))],
  );
  return one(rows);
}

export async function deleteWorkflowRow(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM workflows WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export async function latestWorkflowRun(db: Queryable, workflowId: number): Promise<WorkflowRunRow | undefined> {
  const { rows } = await db.query<WorkflowRunRow>('SELECT * FROM workflow_runs WHERE workflow_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [workflowId]);
  return rows[0];
}

/** A page of a workflow's runs, newest first. */
export async function listWorkflowRunRows(db: Queryable, workflowId: number, page: Page): Promise<WorkflowRunRow[]> {
  const { rows } = await db.query<WorkflowRunRow>('SELECT * FROM workflow_runs WHERE workflow_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3', [
    workflowId,
    page.limit,
    page.offset,
  ]);
  return rows;
}

/** The steps of these runs, in definition order, each with its attempt's state and times. */
export async function workflowRunStepRows(db: Queryable, runIds: readonly number[]): Promise<RunStepRow[]> {
  const { rows } = await db.query<RunStepRow>(
    `SELECT s.workflow_run_id, s.step_id, s.flow_id, s.after, s.error, a.id AS attempt_id, a.lifecycle AS attempt_lifecycle,
       a.disposition AS attempt_disposition, a.errors AS attempt_errors, a.created_at AS attempt_created_at, a.completed_at AS attempt_completed_at,
       a.waiting_for AS attempt_waiting_for
     FROM workflow_run_steps s LEFT JOIN run_attempts a ON a.id = s.attempt_id
     WHERE s.workflow_run_id = ANY($1::int[]) ORDER BY s.workflow_run_id, s.position`,
    [runIds],
  );
  return rows;
}

/**
 * A pending run with its steps, in one statement: the partial unique index makes a second live run of
 * the workflow fail, and no run exists without the steps it was asked with.
 */
/** `queueJobId`: the queue job that will execute it (recovery queues it again should that job be lost). */
export async function insertPendingWorkflowRun(
  db: Queryable,
  workflowId: number,
  trigger: string,
  steps: readonly WorkflowStep[],
  queueJobId: string | null = null,
): Promise<WorkflowRunRow> {
  const { rows } = await db.query<WorkflowRunRow>(
    `WITH run AS (INSERT INTO workflow_runs (workflow_id, trigger, lifecycle, queue_job_id) VALUES ($1, $2, 'pending', $4) RETURNING *),
       steps AS (INSERT INTO workflow_run_steps (workflow_run_id, step_id, position, flow_id, after)
         SELECT run.id, step.id, step.position, step.flow, step.after FROM run, jsonb_to_recordset($3::jsonb) AS step(id text, position int, flow int, after jsonb))
     SELECT * FROM run`,
    [workflowId, trigger, JSON.stringify(steps.map((step, position) => ({ ...step, position }))), queueJobId],
  );
  return one(rows);
}

export async function claimWorkflowRun(db: Queryable, id: number, instanceKey: number): Promise<WorkflowRunRow | undefined> {
  const { rows } = await db.query<WorkflowRunRow>(
    "UPDATE workflow_runs SET lifecycle = 'running', instance_key = $2, started_at = clock_timestamp(), waiting_for = NULL WHERE id = $1 AND lifecycle = 'pending' RETURNING *",
    [id, instanceKey],
  );
  return rows[0];
}

/** The attempt a step started. */
export async function setStepAttempt(db: Queryable, runId: number, stepId: string, attemptId: number): Promise<void> {
  await db.query('UPDATE workflow_run_steps SET attempt_id = $3 WHERE workflow_run_id = $1 AND step_id = $2', [runId, stepId, attemptId]);
}

/** Why a step could not start an attempt. */
export async function setStepError(db: Queryable, runId: number, stepId: string, error: string): Promise<void> {
  await db.query('UPDATE workflow_run_steps SET error = $3 WHERE workflow_run_id = $1 AND step_id = $2', [runId, stepId, error]);
}

export async function isWorkflowRunLive(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query<{ lifecycle: string }>('SELECT lifecycle FROM workflow_runs WHERE id = $1', [id]);
  return rows[0] !== undefined && rows[0].lifecycle !== 'not_running';
}

/** Ends a live run; false when it had ended already (cancelled). */
export async function finishWorkflowRun(db: Queryable, id: number, outcome: { disposition: 'succeeded' | 'failed'; errors: string[] }): Promise<boolean> {
  const { rowCount } = await db.query(
    "UPDATE workflow_runs SET lifecycle = 'not_running', disposition = $2, errors = $3, completed_at = clock_timestamp() WHERE id = $1 AND lifecycle <> 'not_running'",
    [id, outcome.disposition, JSON.stringify(outcome.errors)],
  );
  return rowCount === 1;
}

export async function failLiveWorkflowRuns(db: Queryable, workflowId: number, error: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE workflow_runs SET lifecycle = 'not_running', disposition = 'failed', errors = errors || jsonb_build_array($2::text), completed_at = clock_timestamp(),
       waiting_for = NULL
     WHERE workflow_id = $1 AND lifecycle <> 'not_running' RETURNING id`,
    [workflowId, error],
  );
  return rows.map((row) => row.id);
}

export async function findWorkflowRun(db: Queryable, id: number): Promise<WorkflowRunRow | undefined> {
  const { rows } = await db.query<WorkflowRunRow>('SELECT * FROM workflow_runs WHERE id = $1', [id]);
  return rows[0];
}

/** How a re-run starts: asked for by hand now, or a retry of the policy falling due later (saying so meanwhile). */
export interface RerunStart {
  trigger: string;
  queueJobId: string;
  dueAt?: Date;
  waitingFor?: string;
}

/**
 * A pending re-run of a failed run, in one statement: its steps are the failed run's, and each step that
 * succeeded there keeps its attempt (so it reads as succeeded and the runner does not run it again).
 */
export async function insertRerun(db: Queryable, failed: WorkflowRunRow, start: RerunStart): Promise<WorkflowRunRow> {
  const { rows } = await db.query<WorkflowRunRow>(
    `WITH run AS (
       INSERT INTO workflow_runs (workflow_id, trigger, lifecycle, queue_job_id, retry_of, retry_number, queued_at, waiting_for)
       VALUES ($1, $5, 'pending', $3, $2, $4, COALESCE($6, clock_timestamp()), $7) RETURNING *),
     steps AS (
       INSERT INTO workflow_run_steps (workflow_run_id, step_id, position, flow_id, after, attempt_id)
       SELECT run.id, s.step_id, s.position, s.flow_id, s.after, CASE WHEN a.lifecycle = 'not_running' AND a.disposition = 'succeeded' THEN a.id END
         FROM run, workflow_run_steps s LEFT JOIN run_attempts a ON a.id = s.attempt_id
        WHERE s.workflow_run_id = $2)
     SELECT * FROM run`,
    [failed.workflow_id, failed.id, start.queueJobId, failed.retry_number + 1, start.trigger, start.dueAt ?? null, start.waitingFor ?? null],
  );
  return one(rows);
}
