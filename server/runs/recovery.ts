import { randomUUID } from 'node:crypto';
import { destinationConnector } from '../connectors/registry';
import { tableName } from '../connectors/schema';
import type { Queryable } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { findDestination } from '../store/destinations';
import { findFlow } from '../store/flows';
import { failAbandonedRuns, type InterruptedLoad, interruptedLoads, replaceQueueJob, unclaimedRuns } from '../store/recovery';
import { type JobQueue, QUEUES } from './queue';

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
    if (!destination || !connector?.discard) return;
    const properties = revealProperties(destination.properties, box);
    await connector.discard(properties, { namespace: connector.defaultNamespace(properties), table: tableName(load.loading), loadId: load.load_id });
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

/**
 * A worker claims its attempt a moment after taking the job; a job still taken (or gone) this long
 * after and its attempt unclaimed was lost with the instance that took it (killed in between).
 */
export const CLAIM_GRACE_MS = 15_000;

/**
 * Queues again the flow and workflow runs whose job was lost before any instance claimed the run. Nothing of
 * such a run has executed, so it runs as if it had just been asked for. Safe against a slow rather
 * than dead taker: the claim is one conditional UPDATE, so only one of the two jobs executes it.
 */
export async function requeueLostJobs(db: Queryable, queue: JobQueue, graceMs = CLAIM_GRACE_MS): Promise<number> {
  let requeued = 0;
  for (const kind of ['flow', 'workflow'] as const) {
    for (const run of await unclaimedRuns(db, kind, graceMs)) {
      const job = await queue.jobState(QUEUES[kind], run.queue_job_id);
      const waiting = job?.state === 'created' || job?.state === 'retry';
      const takenRecently = job?.state === 'active' && job.startedOn !== null && Date.now() - new Date(job.startedOn).getTime() < graceMs;
      if (waiting || takenRecently) continue;
      const jobId = randomUUID();
      if (!(await replaceQueueJob(db, kind, run.id, run.queue_job_id, jobId))) continue;
      if (kind === 'flow') await queue.send(QUEUES.flow, { attemptId: run.id, flowId: run.flow_id ?? 0 }, jobId);
      else await queue.send(QUEUES.workflow, { runId: run.id }, jobId);
      requeued += 1;
    }
  }
  return requeued;
}
