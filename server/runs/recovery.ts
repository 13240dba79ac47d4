import type { Queryable } from '../db/pool';
import { instanceIsGone } from './instance';

export const INTERRUPTED = 'Interrupted: the service stopped while this run was in progress.';
const NEVER_STARTED = 'Interrupted: no service instance picked this run up.';

/**
 * Ends runs whose instance is gone (crash, kill, power loss) as failed with an "interrupted" error,
 * and runs nobody claimed within ten minutes. Runs at start and every few seconds after.
 */
export async function recoverInterruptedRuns(db: Queryable): Promise<number> {
  const attempts = await db.query(
    `UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(),
       errors = errors || jsonb_build_array(CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END::text)
     WHERE lifecycle = 'running'
       AND ((instance_key IS NOT NULL AND ${instanceIsGone('instance_key')}) OR (instance_key IS NULL AND created_at < now() - interval '10 minutes'))`,
    [NEVER_STARTED, INTERRUPTED],
  );
  const workflowRuns = await db.query<{ id: number }>(
    `UPDATE workflow_runs SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(),
       errors = errors || jsonb_build_array(CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END::text)
     WHERE lifecycle <> 'not_running'
       AND ((instance_key IS NOT NULL AND ${instanceIsGone('instance_key')}) OR (instance_key IS NULL AND created_at < now() - interval '10 minutes'))
     RETURNING id`,
    [NEVER_STARTED, INTERRUPTED],
  );
  const ids = workflowRuns.rows.map((row) => row.id);
  const steps = ids.length === 0 ? { rowCount: 0 } : await db.query(
    `UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), errors = errors || jsonb_build_array($2::text)
     WHERE lifecycle = 'running' AND workflow_run_id = ANY($1::int[])`,
    [ids, INTERRUPTED],
  );
  return (attempts.rowCount ?? 0) + ids.length + (steps.rowCount ?? 0);
}
