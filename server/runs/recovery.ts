import { destinationConnector } from '../connectors/registry';
import type { Queryable } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { findDestination } from '../store/destinations';
import { findFlow } from '../store/flows';
import { failAbandonedRuns, type InterruptedLoad, interruptedLoads } from '../store/recovery';

export const INTERRUPTED = 'Interrupted: the service stopped while this run was in progress.';
const NEVER_STARTED = 'Interrupted: no service instance picked this run up.';

export interface RecoveryContext {
  db: Queryable;
  box: SecretBox;
  logger: Logger;
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
 * Ends abandoned runs (their instance is gone, or none took them) as failed with an "interrupted"
 * error. The load each had in hand is discarded first and then counted as not loaded: should this pass
 * stop half-way, the next one (at start and every few seconds after) finds the same runs again, and
 * discarding twice is harmless.
 */
export async function recoverInterruptedRuns(context: RecoveryContext): Promise<number> {
  for (const load of await interruptedLoads(context.db)) await discardLoad(context, load);
  return failAbandonedRuns(context.db, { neverStarted: NEVER_STARTED, interrupted: INTERRUPTED });
}
