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

/** The columns runFactsJoins adds to a row. */
export interface RunFactColumns {
  latest_at: Date | null;
  latest_running: boolean | null;
  last_outcome: string | null;
}

/**
 * Two LATERAL joins giving each row of `owner` (an SQL expression naming the flow's or workflow's id)
 * the RunFactColumns; `cancelled` is the placeholder of the parameter holding MESSAGES.cancelledByUser.
 * Shared by runFacts and by the flows list, which reads a page and its facts in one statement.
 */
export function runFactsJoins(kind: keyof typeof TABLES, owner: string, cancelled: string): string {
  // Table and column names come from the constant above; `owner` and `cancelled` are SQL written by
  // this module's callers in code, never request input.
  const { runs, owner: column } = TABLES[kind];
  return `LEFT JOIN LATERAL (SELECT created_at, lifecycle FROM ${runs} r WHERE r.${column} = ${owner} ORDER BY created_at DESC, id DESC LIMIT 1) latest ON true
       LEFT JOIN LATERAL (
         SELECT disposition FROM ${runs} r
          WHERE r.${column} = ${owner} AND r.lifecycle = 'not_running' AND r.disposition IN ('succeeded', 'failed') AND NOT (r.errors ? ${cancelled})
          ORDER BY created_at DESC, id DESC LIMIT 1
       ) outcome ON true`;
}

export const RUN_FACT_COLUMNS = `latest.created_at AS latest_at, latest.lifecycle <> 'not_running' AS latest_running, outcome.disposition AS last_outcome`;

export function runFactsOf(row: RunFactColumns): RunFacts {
  return {
    latestAt: row.latest_at,
    latestRunning: row.latest_running === true,
    lastOutcome: row.last_outcome === 'succeeded' || row.last_outcome === 'failed' ? row.last_outcome : null,
  };
}

export async function runFacts(db: Queryable, kind: keyof typeof TABLES, ids: readonly number[]): Promise<Map<number, RunFacts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number } & RunFactColumns>(
    `SELECT o.id, ${RUN_FACT_COLUMNS} FROM unnest($1::int[]) AS o(id) ${runFactsJoins(kind, 'o.id', '$2')}`,
    [ids, MESSAGES.cancelledByUser],
  );
  return new Map(rows.map((row) => [row.id, runFactsOf(row)]));
}
