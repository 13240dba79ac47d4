import type { LoadRecord } from '../connectors/types';
import type { Pool, Queryable } from '../db/pool';
import { instanceIsGone } from './instances';

// The statements of crash recovery (runs/recovery.ts says when and why).

/**
 * Runs whose instance is gone (crash, kill, power loss), or that nobody claimed within ten minutes of being
 * let through (`queued_at`: a run that waited in the queue, or for its retry's time, was not abandoned).
 */
const ABANDONED = `((instance_key IS NOT NULL AND ${instanceIsGone('instance_key')}) OR (instance_key IS NULL AND queued_at < now() - interval '10 minutes'))`;

/** The counts with those of the resource in hand (`loading`) changed by `$2` (a JSON object). */
const IN_HAND_COUNTS = `resources = CASE WHEN resources IS NULL THEN resources ELSE COALESCE((
    SELECT jsonb_agg(CASE WHEN item->>'name' = loading THEN item || $2::jsonb ELSE item END ORDER BY position)
    FROM jsonb_array_elements(resources) WITH ORDINALITY AS element(item, position)), resources) END`;

/** One error line in the log of each attempt a `WITH ended (id, error)` statement ended: its count is the statement's. */
const LOG_ENDED = `INSERT INTO attempt_log_lines (attempt_id, level, event, message, fields)
  SELECT id, 'error', 'run.failed', error, jsonb_build_object('error', error) FROM ended ORDER BY id`;

/**
 * Said by the runner as it lets go of an attempt: a load it still has in hand (it could not tell whether
 * the destination committed it) is no longer this instance's, so recovery settles it without waiting for
 * the instance to go.
 */
export const RELEASE_LOAD_IN_HAND = 'instance_key = CASE WHEN loading IS NULL THEN instance_key ELSE NULL END';

export interface InterruptedLoad {
  id: number;
  flow_id: number;
  load_id: string;
  loading: string;
  /** Where the load went (attempts of an older release lack it). */
  load_target: { namespace: string; table: string } | null;
}

/**
 * The loads ended runs still have in hand, when no instance is running them any more (theirs is gone, or
 * could not tell whether the load committed): whether each committed is for the destination to say.
 */
export async function interruptedLoads(db: Queryable): Promise<InterruptedLoad[]> {
  const { rows } = await db.query<InterruptedLoad>(
    `SELECT id, flow_id, load_id, loading, load_target FROM run_attempts
      WHERE loading IS NOT NULL AND load_id IS NOT NULL AND lifecycle = 'not_running' AND (instance_key IS NULL OR ${instanceIsGone('instance_key')})
      ORDER BY id`,
  );
  return rows;
}

/**
 * The destination kept the load: in one transaction, the attempt counts it (committed, `loaded` what the
 * destination keeps) and the table's state takes its cursor and columns (unless reset since).
 */
export async function recordRecoveredLoad(db: Pool, load: InterruptedLoad, record: LoadRecord): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query(`UPDATE run_attempts SET ${IN_HAND_COUNTS}, loading = NULL, load_target = NULL WHERE id = $1 AND loading IS NOT NULL`, [
      load.id,
      JSON.stringify({ loaded: record.rows, committed: true }),
    ]);
    await client.query(
      `UPDATE flow_tables SET cursor = $4::jsonb, columns = $5, schema_change = COALESCE($6, schema_change),
         cursor_updated_at = CASE WHEN cursor IS DISTINCT FROM $4::jsonb THEN $7 ELSE cursor_updated_at END, updated_at = now()
       WHERE flow_id = $1 AND resource = $2 AND generation = $3`,
      [
        load.flow_id,
        load.loading,
        record.generation,
        JSON.stringify(record.cursor),
        JSON.stringify(record.columns),
        record.schemaChange === null ? null : JSON.stringify({ at: record.committedAt.toISOString(), ...record.schemaChange }),
        record.committedAt,
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The destination did not keep the load: the attempt counts nothing of it. */
export async function recordLostLoad(db: Queryable, load: InterruptedLoad): Promise<void> {
  await db.query(`UPDATE run_attempts SET ${IN_HAND_COUNTS}, loading = NULL, load_target = NULL WHERE id = $1 AND loading IS NOT NULL`, [
    load.id,
    JSON.stringify({ loaded: 0, committed: false }),
  ]);
}

/**
 * Ends abandoned attempts and workflow runs as failed, each with `neverStarted` when no instance took
 * it or `interrupted` otherwise (and the steps of an ended workflow run with `interrupted`); returns how many it ended.
 */
export async function failAbandonedRuns(db: Queryable, errors: { neverStarted: string; interrupted: string }): Promise<number> {
  // Each ended attempt's log says so too (its runner is gone: nobody else writes to it now).
  const attempts = await db.query(
    `WITH ended AS (
       UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), waiting_for = NULL,
         errors = errors || jsonb_build_array(CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END::text)
       WHERE lifecycle = 'running' AND ${ABANDONED}
       RETURNING id, (CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END)::text AS error)
     ${LOG_ENDED}`,
    [errors.neverStarted, errors.interrupted],
  );
  const workflowRuns = await db.query<{ id: number }>(
    `UPDATE workflow_runs SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), waiting_for = NULL,
       errors = errors || jsonb_build_array(CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END::text)
     WHERE lifecycle <> 'not_running' AND ${ABANDONED}
     RETURNING id`,
    [errors.neverStarted, errors.interrupted],
  );
  const ids = workflowRuns.rows.map((row) => row.id);
  const steps =
    ids.length === 0
      ? { rowCount: 0 }
      : await db.query(
          `WITH ended AS (
       UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), waiting_for = NULL,
         errors = errors || jsonb_build_array($2::text)
       WHERE lifecycle <> 'not_running' AND workflow_run_id = ANY($1::int[])
       RETURNING id, $2::text AS error)
     ${LOG_ENDED}`,
          [ids, errors.interrupted],
        );
  return (attempts.rowCount ?? 0) + ids.length + (steps.rowCount ?? 0);
}

/**
 * Ends one attempt whose runner lost its database mid-run (the runner lives on, so recovery would not
 * take it for abandoned): failed with `error`, one log line; a load still in hand is left for recovery
 * to settle with the destination (interruptedLoads).
 * False when it had ended already (cancelled, or ended by another pass).
 */
export async function failOrphanedAttempt(db: Queryable, id: number, error: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH ended AS (
       UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), waiting_for = NULL, ${RELEASE_LOAD_IN_HAND},
         errors = errors || jsonb_build_array($2::text)
       WHERE id = $1 AND lifecycle = 'running'
       RETURNING id, $2::text AS error)
     ${LOG_ENDED}`,
    [id, error],
  );
  return rowCount === 1;
}

/**
 * Ends a workflow run whose runner lost its database mid-run, and the attempts of its steps still running,
 * each failed with `error` (one log line per attempt, a load in hand left for recovery as above), in one
 * statement. Returns the attempts it ended; `ended` is false when the run had ended already.
 */
export async function failOrphanedWorkflowRun(db: Queryable, id: number, error: string): Promise<{ ended: boolean; attempts: number[] }> {
  const { rows } = await db.query<{ ended: boolean; attempts: number[] }>(
    `WITH run AS (
       UPDATE workflow_runs SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), waiting_for = NULL,
         errors = errors || jsonb_build_array($2::text)
       WHERE id = $1 AND lifecycle <> 'not_running'
       RETURNING id),
     ended AS (
       UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), waiting_for = NULL, ${RELEASE_LOAD_IN_HAND},
         errors = errors || jsonb_build_array($2::text)
       WHERE workflow_run_id = $1 AND lifecycle <> 'not_running'
       RETURNING id, $2::text AS error),
     logged AS (${LOG_ENDED})
     SELECT EXISTS (SELECT 1 FROM run) AS ended, COALESCE((SELECT array_agg(id ORDER BY id) FROM ended), '{}') AS attempts`,
    [id, error],
  );
  return rows[0] ?? { ended: false, attempts: [] };
}

/** Where each kind of queued run is kept, and what "queued, not claimed by any instance yet" means for it. */
const UNCLAIMED = {
  flow: { table: 'run_attempts', unclaimed: "lifecycle = 'running' AND instance_key IS NULL" },
  workflow: { table: 'workflow_runs', unclaimed: "lifecycle = 'pending'" },
} as const;
export type QueuedKind = keyof typeof UNCLAIMED;

export interface UnclaimedRun {
  id: number;
  queue_job_id: string;
  /** The flow of a flow run (its job carries it); null for a workflow run. */
  flow_id: number | null;
}

/** Queued runs no instance has claimed for `graceMs` (their job may have been lost with an instance). */
export async function unclaimedRuns(db: Queryable, kind: QueuedKind, graceMs: number): Promise<UnclaimedRun[]> {
  const { table, unclaimed } = UNCLAIMED[kind];
  const flow = kind === 'flow' ? 'flow_id' : 'NULL::int AS flow_id';
  const { rows } = await db.query<UnclaimedRun>(
    `SELECT id, queue_job_id, ${flow} FROM ${table}
     WHERE ${unclaimed} AND queue_job_id IS NOT NULL AND queued_at < now() - $1 * interval '1 millisecond' ORDER BY id`,
    [graceMs],
  );
  return rows;
}

/** Notes a new queue job for a still unclaimed run; false when another pass did it first or an instance claimed it. */
export async function replaceQueueJob(db: Queryable, kind: QueuedKind, id: number, oldJobId: string, newJobId: string): Promise<boolean> {
  const { table, unclaimed } = UNCLAIMED[kind];
  const { rowCount } = await db.query(`UPDATE ${table} SET queue_job_id = $3 WHERE id = $1 AND queue_job_id = $2 AND ${unclaimed}`, [id, oldJobId, newJobId]);
  return rowCount === 1;
}
