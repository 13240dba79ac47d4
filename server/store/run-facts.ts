import { MESSAGES } from '@/api/messages';
import type { Queryable } from '../db/pool';

// What freshness needs to know of a flow's (or workflow's) runs: when the newest started and whether it
// is still going, and how the newest finished run that the user did not cancel ended. Two index lookups
// per id (run_attempts_by_flow, workflow_runs_by_workflow), for a whole page of ids at once.

export interface RunFacts {
  latestAt: Date | null;
  latestRunning: boolean;
  lastOutcome: 'succeeded' | 'failed' | null;
}

const TABLES = {
  flows: { runs: 'run_attempts', owner: 'flow_id' },
  workflows: { runs: 'workflow_runs', owner: 'workflow_id' },
} as const;

export async function runFacts(db: Queryable, kind: keyof typeof TABLES, ids: readonly number[]): Promise<Map<number, RunFacts>> {
  if (ids.length === 0) return new Map();
  // Table and column names come from the constant above, never from a caller.
  const { runs, owner } = TABLES[kind];
  const { rows } = await db.query<{ id: number; latest_at: Date | null; latest_running: boolean | null; last_outcome: string | null }>(
    `SELECT o.id, latest.created_at AS latest_at, latest.lifecycle <> 'not_running' AS latest_running, outcome.disposition AS last_outcome
       FROM unnest($1::int[]) AS o(id)
       LEFT JOIN LATERAL (SELECT created_at, lifecycle FROM ${runs} r WHERE r.${owner} = o.id ORDER BY created_at DESC, id DESC LIMIT 1) latest ON true
       LEFT JOIN LATERAL (
         SELECT disposition FROM ${runs} r
          WHERE r.${owner} = o.id AND r.lifecycle = 'not_running' AND r.disposition IN ('succeeded', 'failed') AND NOT (r.errors ? $2)
          ORDER BY created_at DESC, id DESC LIMIT 1
       ) outcome ON true`,
    [ids, MESSAGES.cancelledByUser],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        latestAt: row.latest_at,
        latestRunning: row.latest_running === true,
        lastOutcome: row.last_outcome === 'succeeded' || row.last_outcome === 'failed' ? row.last_outcome : null,
      },
    ]),
  );
}
