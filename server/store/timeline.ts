import type { Queryable } from '../db/pool';

export interface RunSpanRow {
  kind: 'flow' | 'workflow';
  owner: number;
  id: number;
  number: number | null;
  trigger: string;
  lifecycle: string;
  disposition: string;
  errors: string[];
  created_at: Date;
  completed_at: Date | null;
}

/**
 * Flow attempts and workflow runs that overlap [from, to): started before `to`, not ended before `from`.
 * One order across both kinds (start, kind, id), so offset pages neither skip nor repeat a run.
 */
export async function runsInWindow(db: Queryable, window: { from: Date; to: Date; limit: number; offset: number }): Promise<RunSpanRow[]> {
  const { rows } = await db.query<RunSpanRow>(
    `SELECT * FROM (
       SELECT 'flow' AS kind, flow_id AS owner, id, number, trigger, lifecycle, disposition, errors, created_at, completed_at
         FROM run_attempts WHERE (completed_at >= $1 OR completed_at IS NULL) AND created_at < $2
       UNION ALL
       SELECT 'workflow', workflow_id, id, NULL, trigger, lifecycle, disposition, errors, created_at, completed_at
         FROM workflow_runs WHERE (completed_at >= $1 OR completed_at IS NULL) AND created_at < $2
     ) spans ORDER BY created_at, kind, id LIMIT $3 OFFSET $4`,
    [window.from, window.to, window.limit, window.offset],
  );
  return rows;
}
