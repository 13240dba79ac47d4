import { destinationConnector } from '../connectors/registry';
import type { Queryable } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { findDestination } from '../store/destinations';
import { findFlow } from '../store/flows';
import { instanceIsGone } from './instance';

export const INTERRUPTED = 'Interrupted: the service stopped while this run was in progress.';
const NEVER_STARTED = 'Interrupted: no service instance picked this run up.';

export interface RecoveryContext {
  db: Queryable;
  box: SecretBox;
  logger: Logger;
}

/** Runs whose instance is gone (crash, kill, power loss), or that nobody claimed within ten minutes. */
const ABANDONED = `((instance_key IS NOT NULL AND ${instanceIsGone('instance_key')}) OR (instance_key IS NULL AND created_at < now() - interval '10 minutes'))`;

/** The resource that was loading when the run stopped kept nothing: its `loaded` becomes 0. */
const NOTHING_LOADED_IN_HAND = `resources = CASE WHEN loading IS NULL OR resources IS NULL THEN resources ELSE COALESCE((
    SELECT jsonb_agg(CASE WHEN item->>'name' = loading THEN jsonb_set(item, '{loaded}', '0') ELSE item END ORDER BY position)
    FROM jsonb_array_elements(resources) WITH ORDINALITY AS element(item, position)), resources) END,
  loading = NULL`;

interface InterruptedLoad {
  id: number;
  flow_id: number;
  load_id: string;
  loading: string;
}

/** Has the destination remove what the load left behind (a `files` destination's partial file). */
async function discardLoad({ db, box, logger }: RecoveryContext, load: InterruptedLoad): Promise<void> {
  try {
    const flow = await findFlow(db, load.flow_id);
    const destination = flow ? await findDestination(db, flow.destination_id) : undefined;
    const connector = destination ? destinationConnector(destination.spec) : undefined;
    if (destination && connector?.discard) await connector.discard(revealProperties(destination.properties, box), load.loading, load.load_id);
  } catch (error) {
    logger.warn({ attemptId: load.id, resource: load.loading, err: (error as Error).message }, 'could not discard what an interrupted load left behind');
  }
}

/**
 * Ends abandoned runs as failed with an "interrupted" error. The load each had in hand is discarded
 * first and then counted as not loaded: should this pass stop half-way, the next one (at start and
 * every few seconds after) finds the same runs again, and discarding twice is harmless.
 */
export async function recoverInterruptedRuns(context: RecoveryContext): Promise<number> {
  const { db } = context;
  const loads = await db.query<InterruptedLoad>(
    `SELECT id, flow_id, load_id, loading FROM run_attempts WHERE lifecycle = 'running' AND loading IS NOT NULL AND load_id IS NOT NULL AND ${ABANDONED}`,
  );
  for (const load of loads.rows) await discardLoad(context, load);

  const attempts = await db.query(
    `UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), ${NOTHING_LOADED_IN_HAND},
       errors = errors || jsonb_build_array(CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END::text)
     WHERE lifecycle = 'running' AND ${ABANDONED}`,
    [NEVER_STARTED, INTERRUPTED],
  );
  const workflowRuns = await db.query<{ id: number }>(
    `UPDATE workflow_runs SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(),
       errors = errors || jsonb_build_array(CASE WHEN instance_key IS NULL THEN $1 ELSE $2 END::text)
     WHERE lifecycle <> 'not_running' AND ${ABANDONED}
     RETURNING id`,
    [NEVER_STARTED, INTERRUPTED],
  );
  const ids = workflowRuns.rows.map((row) => row.id);
  const steps =
    ids.length === 0
      ? { rowCount: 0 }
      : await db.query(
          `UPDATE run_attempts SET lifecycle = 'not_running', disposition = 'failed', completed_at = clock_timestamp(), ${NOTHING_LOADED_IN_HAND},
       errors = errors || jsonb_build_array($2::text)
     WHERE lifecycle = 'running' AND workflow_run_id = ANY($1::int[])`,
          [ids, INTERRUPTED],
        );
  return (attempts.rowCount ?? 0) + ids.length + (steps.rowCount ?? 0);
}
