import { randomUUID } from 'node:crypto';
import { destinationConnector } from '../connectors/registry';
import { effectiveNamespace, targetTable } from '@/service-rules/flow-tables';
import type { Pool, Queryable } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { findDestination } from '../store/destinations';
import { findFlow } from '../store/flows';
import {
  failAbandonedRuns,
  type InterruptedLoad,
  interruptedLoads,
  recordLostLoad,
  recordRecoveredLoad,
  replaceQueueJob,
  unclaimedRuns,
} from '../store/recovery';
import { type JobQueue, QUEUES } from './queue';

export const INTERRUPTED = 'Interrupted: the service stopped while this run was in progress.';
const NEVER_STARTED = 'Interrupted: no service instance picked this run up.';

export interface RecoveryContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
}

/**
 * Settles a load an ended run left in hand: the destination says whether it committed (its load record).
 * Committed: the attempt counts what the destination keeps and the table takes its cursor, in one
 * transaction. Not committed: what the load left behind is discarded, and the attempt counts nothing of it.
 * A destination that cannot be asked throws: the load stays in hand, for the next pass to ask again.
 */
async function settleLoad({ db, box }: RecoveryContext, load: InterruptedLoad): Promise<void> {
  const flow = await findFlow(db, load.flow_id);
  const destination = flow ? await findDestination(db, flow.destination_id) : undefined;
  const connector = destination ? destinationConnector(destination.spec) : undefined;
  if (!flow || !destination || !connector) {
    // Nothing left to ask: the flow or its destination was deleted.
    await recordLostLoad(db, load);
    return;
  }
  const properties = revealProperties(destination.properties, box);
  const target = load.load_target ?? {
    namespace: effectiveNamespace(flow.namespace, destination.spec, properties),
    table: targetTable(flow.table_prefix, load.loading),
  };
  const record = await connector.findLoad(properties, { namespace: target.namespace, loadId: load.load_id, resource: load.loading });
  if (record) {
    await recordRecoveredLoad(db, load, record);
    return;
  }
  await connector.discard?.(properties, { namespace: target.namespace, table: target.table, loadId: load.load_id });
  await recordLostLoad(db, load);
}

/**
 * Ends abandoned runs (their instance is gone, or none took them) as failed with an "interrupted"
 * error, then settles the loads they had in hand (settleLoad). Should this pass stop half-way, the next
 * one (at start and every few seconds after) finds the same loads again: asking twice is harmless.
 */
export async function recoverInterruptedRuns(context: RecoveryContext): Promise<number> {
  const ended = await failAbandonedRuns(context.db, { neverStarted: NEVER_STARTED, interrupted: INTERRUPTED });
  for (const load of await interruptedLoads(context.db)) {
    await settleLoad(context, load).catch((error: unknown) => {
      context.logger.warn(
        { attemptId: load.id, resource: load.loading, err: (error as Error).message },
        'could not ask the destination whether an interrupted load committed: asking again on the next pass',
      );
    });
  }
  return ended;
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
