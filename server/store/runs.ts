import type { RunKind, RunOrder } from '@/api/runs';
import type { RunsPosition, RunsQuery } from '@/service-rules/runs-query';
import type { Queryable } from '../db/pool';

// Every flow attempt and workflow run in one list, newest first (createdAt, then workflow runs before
// attempts, then id) or all of that reversed (oldest first), paged by keyset: each kind's branch reads its own index backwards from the cursor
// (server/db/migrations/030_runs_list_indexes.sql), takes at most a page, and the two are merged. No
// OFFSET: a page deep in a million runs costs what the first one does.

export interface RunListRow {
  kind: RunKind;
  id: number;
  number: number | null;
  flow_id: number | null;
  workflow_id: number | null;
  name: string;
  trigger: string;
  lifecycle: string;
  disposition: string;
  created_at: Date;
  /** createdAt in µs since the epoch, as text: the cursor's precision. */
  created_micros: string;
  completed_at: Date | null;
  rows_loaded: string | null;
  waiting_for: string | null;
}

/** The largest id Postgres' integer holds, plus one: a bound every id is below. */
const ABOVE_EVERY_ID = 2_147_483_648;

/**
 * The status filter as a constant in the statement (not a parameter), so the planner sees which partial
 * index answers it.
 */
const STATUS_CONDITION = {
  pending: `lifecycle = 'pending'`,
  running: `lifecycle = 'running'`,
  succeeded: `lifecycle = 'not_running' AND disposition = 'succeeded'`,
  failed: `lifecycle = 'not_running' AND disposition = 'failed'`,
} as const;

/** Which kinds the filters leave: `flow` only attempts, `workflow` only runs, both: the two together. */
function kindsOf(query: RunsQuery): RunKind[] {
  if (query.flow !== null && query.workflow === null) return ['flow'];
  if (query.workflow !== null && query.flow === null) return ['workflow'];
  return ['flow', 'workflow'];
}

/** Past the cursor within a branch: the id bound at the cursor's instant (ids bounded by kind). */
function idBound(kind: RunKind, after: RunsPosition, order: RunOrder): number {
  if (after.kind === kind) return after.id;
  // Newest first, workflow runs come before attempts at one instant: after a workflow run every attempt of
  // that instant is still to come; after an attempt no workflow run of that instant is. Oldest first, the
  // reverse.
  const stillToCome = order === 'desc' ? kind === 'flow' : kind === 'workflow';
  // The bound is compared with < newest first, with > oldest first.
  const below = order === 'desc';
  return stillToCome === below ? ABOVE_EVERY_ID : 0;
}

interface Branch {
  sql: string;
  values: unknown[];
}

function branch(kind: RunKind, query: RunsQuery, values: unknown[]): Branch {
  const table = kind === 'flow' ? 'run_attempts' : 'workflow_runs';
  const conditions: string[] = [];
  const add = (value: unknown) => `$${String(values.push(value))}`;
  if (query.status) conditions.push(STATUS_CONDITION[query.status]);
  if (query.trigger) conditions.push(`trigger = ${add(query.trigger)}`);
  if (kind === 'flow' && query.flow !== null) conditions.push(`flow_id = ${add(query.flow)}`);
  if (kind === 'workflow' && query.workflow !== null) conditions.push(`workflow_id = ${add(query.workflow)}`);
  if (query.from) conditions.push(`created_at >= ${add(query.from)}`);
  if (query.to) conditions.push(`created_at < ${add(query.to)}`);
  // The order is one of two literals, never caller text; oldest first reads the same indexes backwards.
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  if (query.after) {
    const at = `timestamptz 'epoch' + ${add(query.after.createdAtMicros.toString())}::bigint * interval '1 microsecond'`;
    conditions.push(`(created_at, id) ${query.order === 'asc' ? '>' : '<'} (${at}, ${add(idBound(kind, query.after, query.order))}::bigint)`);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return {
    sql: `(SELECT '${kind}'::text AS kind, id, created_at FROM ${table} ${where} ORDER BY created_at ${direction}, id ${direction} LIMIT ${add(query.limit + 1)})`,
    values,
  };
}

/** One page and whether another follows (a row more than the page is read to tell). */
export async function listRunsPage(db: Queryable, query: RunsQuery): Promise<{ rows: RunListRow[]; more: boolean }> {
  const values: unknown[] = [];
  const branches = kindsOf(query).map((kind) => branch(kind, query, values).sql);
  const limit = `$${String(values.push(query.limit + 1))}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = (alias: string) => `${alias}created_at ${direction}, (${alias}kind = 'workflow') ${direction}, ${alias}id ${direction}`;
  const { rows } = await db.query<RunListRow>(
    `WITH page AS (
       SELECT * FROM (${branches.join(' UNION ALL ')}) merged
        ORDER BY ${orderBy('')} LIMIT ${limit}
     )
     SELECT p.kind, p.id, p.created_at,
            (extract(epoch FROM p.created_at) * 1000000)::bigint::text AS created_micros,
            COALESCE(a.number, r.number) AS number,
            a.flow_id, r.workflow_id,
            COALESCE(f.display_name, w.name, '') AS name,
            COALESCE(a.trigger, r.trigger) AS trigger,
            COALESCE(a.lifecycle, r.lifecycle) AS lifecycle,
            COALESCE(a.disposition, r.disposition) AS disposition,
            COALESCE(a.completed_at, r.completed_at) AS completed_at,
            COALESCE(a.waiting_for, r.waiting_for) AS waiting_for,
            CASE WHEN p.kind = 'flow'
                 THEN (SELECT sum((resource->>'loaded')::bigint) FROM jsonb_array_elements(COALESCE(a.resources, '[]')) resource)
                 ELSE (SELECT sum((resource->>'loaded')::bigint)
                         FROM run_attempts step, jsonb_array_elements(COALESCE(step.resources, '[]')) resource
                        WHERE step.workflow_run_id = r.id)
            END::text AS rows_loaded
       FROM page p
       LEFT JOIN run_attempts a ON p.kind = 'flow' AND a.id = p.id
       LEFT JOIN flows f ON f.id = a.flow_id
       LEFT JOIN workflow_runs r ON p.kind = 'workflow' AND r.id = p.id
       LEFT JOIN workflows w ON w.id = r.workflow_id
      ORDER BY ${orderBy('p.')}`,
    values,
  );
  return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
}

export interface RunChangeRows {
  changedFlows: number[];
  changedWorkflows: number[];
  activeFlows: number[];
  activeWorkflows: number[];
  /** The database's clock when read, in µs: the next `since`. */
  nowMicros: string;
}

/**
 * Flows and workflows whose runs started, were taken by a worker or ended after `sinceMicros` (each
 * time column has its index), and those with a run pending or running now (a partial index).
 */
export async function runChangesSince(db: Queryable, sinceMicros: bigint | null): Promise<RunChangeRows> {
  const since = `timestamptz 'epoch' + $1::bigint * interval '1 microsecond'`;
  const { rows } = await db.query<{
    changed_flows: number[];
    changed_workflows: number[];
    active_flows: number[];
    active_workflows: number[];
    now_micros: string;
  }>(
    `SELECT
       CASE WHEN $1::bigint IS NULL THEN '{}'::int[] ELSE ARRAY(
         SELECT flow_id FROM run_attempts WHERE created_at > ${since}
         UNION SELECT flow_id FROM run_attempts WHERE claimed_at > ${since}
         UNION SELECT flow_id FROM run_attempts WHERE completed_at > ${since}) END AS changed_flows,
       CASE WHEN $1::bigint IS NULL THEN '{}'::int[] ELSE ARRAY(
         SELECT workflow_id FROM workflow_runs WHERE created_at > ${since}
         UNION SELECT workflow_id FROM workflow_runs WHERE started_at > ${since}
         UNION SELECT workflow_id FROM workflow_runs WHERE completed_at > ${since}) END AS changed_workflows,
       ARRAY(SELECT DISTINCT flow_id FROM run_attempts WHERE lifecycle <> 'not_running') AS active_flows,
       ARRAY(SELECT DISTINCT workflow_id FROM workflow_runs WHERE lifecycle <> 'not_running') AS active_workflows,
       (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS now_micros`,
    [sinceMicros === null ? null : sinceMicros.toString()],
  );
  const row = rows[0];
  if (!row) throw new Error('No answer from the run changes query.');
  return {
    changedFlows: row.changed_flows,
    changedWorkflows: row.changed_workflows,
    activeFlows: row.active_flows,
    activeWorkflows: row.active_workflows,
    nowMicros: row.now_micros,
  };
}
