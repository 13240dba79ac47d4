import type { ResourceCounts } from '@/service-rules/status';
import { one, type Queryable } from '../db/pool';
import { RELEASE_LOAD_IN_HAND } from './recovery';

/** A run's counts of one resource: `written` (rows in its load so far) and `committed` (its table committed) beside the interface's. */
export type LoadCounts = ResourceCounts & { written: number; committed: boolean };

/** Counts as stored: attempts recorded before `written` and `committed` existed lack them. */
export type StoredResourceCounts = ResourceCounts & Partial<Pick<LoadCounts, 'written' | 'committed'>>;

export interface AttemptRow {
  id: number;
  flow_id: number;
  /** #1, #2 ... per flow, given at insert (migration 006). */
  number: number;
  workflow_run_id: number | null;
  trigger: string;
  lifecycle: string;
  disposition: string;
  resources: StoredResourceCounts[] | null;
  errors: string[];
  instance_key: number | null;
  created_at: Date;
  completed_at: Date | null;
  /** What the attempt waits for: a slot, its retry's time (pending), another load into its DuckDB file (running). */
  waiting_for: string | null;
  /** Its place in the run queue while pending (a retry: when it falls due); once let through, when it was. */
  queued_at: Date;
  /** A re-sync: the resources it reads in full and replaces ([]: all); null otherwise. */
  resync: string[] | null;
  /** The attempt this one retries (null: a first try), and which retry it is (0: a first try). */
  retry_of: number | null;
  retry_number: number;
}

/**
 * A retry of a failed attempt, queued to fall due at `dueAt` (its backoff): pending until then, saying what it
 * waits for; the run queue then lets it through like any queued run (store/run-queue.ts).
 */
export async function insertRetryAttempt(
  db: Queryable,
  failed: Pick<AttemptRow, 'id' | 'flow_id' | 'trigger' | 'retry_number'>,
  dueAt: Date,
  waitingFor: string,
): Promise<AttemptRow> {
  const { rows } = await db.query<AttemptRow>(
    `INSERT INTO run_attempts (flow_id, trigger, lifecycle, queued_at, retry_of, retry_number, waiting_for)
     VALUES ($1, $2, 'pending', $3, $4, $5, $6) RETURNING *`,
    [failed.flow_id, failed.trigger, dueAt, failed.id, failed.retry_number + 1, waitingFor],
  );
  return one(rows);
}

export async function listAttempts(db: Queryable, flowId: number, page: { limit: number; offset: number; order: 'ASC' | 'DESC' }): Promise<AttemptRow[]> {
  // The order is one of two literals, never caller text.
  const direction = page.order === 'ASC' ? 'ASC' : 'DESC';
  const { rows } = await db.query<AttemptRow>(
    `SELECT * FROM run_attempts WHERE flow_id = $1 ORDER BY created_at ${direction}, id ${direction} LIMIT $2 OFFSET $3`,
    [flowId, page.limit, page.offset],
  );
  return rows;
}

export async function latestAttempt(db: Queryable, flowId: number): Promise<AttemptRow | undefined> {
  const { rows } = await db.query<AttemptRow>('SELECT * FROM run_attempts WHERE flow_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [flowId]);
  return rows[0];
}

export async function findAttempt(db: Queryable, id: number): Promise<AttemptRow | undefined> {
  const { rows } = await db.query<AttemptRow>('SELECT * FROM run_attempts WHERE id = $1', [id]);
  return rows[0];
}

/**
 * Inserts a queued attempt (pending until the run queue lets it through); the partial unique index makes a
 * racing second insert fail, and the database numbers it within its flow (a foreign-key violation: the flow
 * is gone). A workflow's step (`workflowRunId`) is executed by its workflow's runner once let through.
 */
export async function insertQueuedAttempt(
  db: Queryable,
  flowId: number,
  trigger: string,
  workflowRunId: number | null,
  resync: readonly string[] | null = null,
): Promise<AttemptRow> {
  const { rows } = await db.query<AttemptRow>(
    "INSERT INTO run_attempts (flow_id, trigger, lifecycle, workflow_run_id, resync, queued_at) VALUES ($1, $2, 'pending', $3, $4, clock_timestamp()) RETURNING *",
    [flowId, trigger, workflowRunId, resync === null ? null : JSON.stringify(resync)],
  );
  return one(rows);
}

/** What a running attempt waits for, or null once it waits no more. */
export async function setWaitingFor(db: Queryable, id: number, waitingFor: string | null): Promise<void> {
  await db.query('UPDATE run_attempts SET waiting_for = $2 WHERE id = $1', [id, waitingFor]);
}

/** Takes the attempt for this instance; false when another instance has it or it has ended. */
export async function claimAttempt(db: Queryable, id: number, instanceKey: number): Promise<boolean> {
  const { rowCount } = await db.query(
    "UPDATE run_attempts SET instance_key = $2, claimed_at = clock_timestamp(), waiting_for = NULL WHERE id = $1 AND lifecycle = 'running' AND instance_key IS NULL",
    [id, instanceKey],
  );
  return rowCount === 1;
}

/** Saves progress; false means the attempt has ended meanwhile (cancelled), so the run must stop. */
export async function saveProgress(db: Queryable, id: number, resources: LoadCounts[]): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE run_attempts SET resources = $2 WHERE id = $1 AND lifecycle = 'running'", [id, JSON.stringify(resources)]);
  return rowCount === 1;
}

/** The final counts of an attempt that was ended from outside (cancel) while its runner still had work in hand. */
export async function saveCountsAfterEnd(db: Queryable, id: number, resources: LoadCounts[]): Promise<void> {
  await db.query(`UPDATE run_attempts SET resources = $2, ${RELEASE_LOAD_IN_HAND} WHERE id = $1`, [id, JSON.stringify(resources)]);
}

export async function finishAttempt(
  db: Queryable,
  id: number,
  outcome: { disposition: 'succeeded' | 'failed'; errors: string[]; resources: LoadCounts[] | null; schemaChanged?: boolean },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE run_attempts SET lifecycle = 'not_running', disposition = $2, errors = $3, resources = COALESCE($4::jsonb, resources), completed_at = clock_timestamp(),
       waiting_for = NULL, schema_changed = $5, ${RELEASE_LOAD_IN_HAND}
     WHERE id = $1 AND lifecycle = 'running'`,
    [id, outcome.disposition, JSON.stringify(outcome.errors), outcome.resources ? JSON.stringify(outcome.resources) : null, outcome.schemaChanged ?? false],
  );
  return rowCount === 1;
}

/** Ends live attempts (queued or running) with an error; returns the ids it ended. */
export async function failRunningAttempts(
  db: Queryable,
  where: { flowId?: number; workflowRunId?: number; attemptId?: number },
  error: string,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', errors = errors || jsonb_build_array($3::text), completed_at = clock_timestamp(),
       waiting_for = NULL
     WHERE lifecycle <> 'not_running' AND ($1::int IS NULL OR flow_id = $1) AND ($2::int IS NULL OR workflow_run_id = $2) AND ($4::int IS NULL OR id = $4)
     RETURNING id`,
    [where.flowId ?? null, where.workflowRunId ?? null, error, where.attemptId ?? null],
  );
  return rows.map((row) => row.id);
}

/** The attempts of a workflow run's steps, each with its flow's name, in the order they started. */
export async function workflowRunAttempts(db: Queryable, workflowRunId: number): Promise<(AttemptRow & { flow_name: string })[]> {
  const { rows } = await db.query<AttemptRow & { flow_name: string }>(
    'SELECT a.*, f.display_name AS flow_name FROM run_attempts a JOIN flows f ON f.id = a.flow_id WHERE a.workflow_run_id = $1 ORDER BY a.id',
    [workflowRunId],
  );
  return rows;
}
