import { isCancelledByUserError } from '@/api/messages';
import { NO_RETRIES, retriesAfter, type RetryPolicy } from '@/api/run-policy';
import type { Pool, Queryable } from '../db/pool';
import { freshnessOfFlows } from '../runs/freshness';
import { type JobQueue, QUEUES } from '../runs/queue';
import { anyChannelFor, channelsFor, type FinishedAttempt, insertDelivery, pendingDeliveryIds, takeFinishedAttempts } from '../store/alerts';
import { listFlows } from '../store/flows';
import { type AlertPayload, latePayload, runPayload } from './payload';

// Detects what alerts are about and queues their deliveries:
// - every finished attempt is looked at once (a column marks it, in the same transaction that records
//   its deliveries): a failure (not a cancel) is `run_failed`, the first success after a failure
//   `run_recovered`; a failure that stopped on a change of columns and paused the flow is `schema_changed` too;
// - flows are checked for lateness by the freshness rule; one lateness is one due time, and its event
//   key carries it, so it fires once however often it is checked, by however many instances.
// A delivery row is unique per channel and event, so nothing detected twice is delivered twice.

export interface WatchContext {
  db: Pool;
  queue: JobQueue;
  publicOrigin: () => string;
}

/** Records a delivery of the event to every channel listening for it; the ids of the new ones. */
async function recordEvent(db: Queryable, event: AlertPayload['event'], eventKey: string, flowId: number, payload: AlertPayload): Promise<number[]> {
  const ids: number[] = [];
  for (const channel of await channelsFor(db, event, flowId)) {
    const row = await insertDelivery(db, { channelId: channel.id, event, eventKey, flowId, payload: { ...payload } });
    if (row) ids.push(row.id);
  }
  return ids;
}

type RunEvent = 'run_failed' | 'run_recovered' | 'schema_changed';

/** Who retries the attempt's run: its flow, or for a workflow's step its workflow (the workflow run's try). */
function retryOf(attempt: FinishedAttempt): { policy: RetryPolicy; retryNumber: number } {
  if (attempt.workflow_run_id === null) return { policy: attempt.retries, retryNumber: attempt.retry_number };
  return { policy: attempt.workflow_retries ?? NO_RETRIES, retryNumber: attempt.workflow_retry_number ?? 0 };
}

/**
 * What a finished attempt tells: a failure (and, stopped on a schema change, that too), or a recovery. A
 * failure its flow (or, for a workflow's step, its workflow) retries tells nothing yet: only the last
 * retry's failure is one; and a retry that succeeds recovers from failures nobody was told of.
 */
function runEvents(attempt: FinishedAttempt): RunEvent[] {
  const { policy, retryNumber } = retryOf(attempt);
  if (attempt.disposition === 'failed') {
    if (attempt.errors.some(isCancelledByUserError)) return [];
    if (retriesAfter(policy, retryNumber)) return [];
    return attempt.schema_changed ? ['schema_changed', 'run_failed'] : ['run_failed'];
  }
  // The try before it failed untold (its policy retried it): there is nothing to recover from.
  if (attempt.disposition === 'succeeded' && retryNumber > 0 && retriesAfter(policy, retryNumber - 1)) return [];
  if (attempt.disposition === 'succeeded' && attempt.previous_outcome === 'failed') return ['run_recovered'];
  return [];
}

const EVENT_KEYS: Record<RunEvent, string> = { run_failed: 'failed', run_recovered: 'recovered', schema_changed: 'schema' };

const LATE_PAGE = 1000;

export function alertWatch({ db, queue, publicOrigin }: WatchContext) {
  const send = async (ids: number[]) => {
    for (const deliveryId of ids) await queue.send(QUEUES.alert, { deliveryId });
  };

  return {
    /** One pass over the attempts that finished since the last; the number of deliveries queued. */
    checkFinishedRuns: async (): Promise<number> => {
      const client = await db.connect();
      let ids: number[] = [];
      try {
        await client.query('BEGIN');
        for (const attempt of await takeFinishedAttempts(client)) {
          for (const event of runEvents(attempt)) {
            const payload = runPayload(
              event,
              publicOrigin(),
              { id: attempt.flow_id, name: attempt.flow_name },
              {
                id: attempt.id,
                number: attempt.number,
                errors: attempt.errors,
                completedAt: attempt.completed_at,
              },
            );
            ids = ids.concat(await recordEvent(client, event, `${EVENT_KEYS[event]}:${String(attempt.id)}`, attempt.flow_id, payload));
          }
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      await send(ids);
      return ids.length;
    },

    /** One pass over every flow for lateness (nothing to do while no channel listens for it). */
    checkLateFlows: async (): Promise<number> => {
      if (!(await anyChannelFor(db, 'flow_late'))) return 0;
      let queued = 0;
      for (let offset = 0; ; offset += LATE_PAGE) {
        const flows = await listFlows(db, { limit: LATE_PAGE, offset });
        const freshness = await freshnessOfFlows(db, flows);
        for (const flow of flows) {
          const dueAt = freshness.get(flow.id)?.dueAt;
          if (freshness.get(flow.id)?.state !== 'late' || dueAt == null) continue;
          const due = new Date(dueAt);
          const ids = await recordEvent(
            db,
            'flow_late',
            `late:${String(flow.id)}:${due.toISOString()}`,
            flow.id,
            latePayload(publicOrigin(), { id: flow.id, name: flow.display_name }, due),
          );
          await send(ids);
          queued += ids.length;
        }
        if (flows.length < LATE_PAGE) return queued;
      }
    },

    /** At start: deliveries recorded but never queued (the instance stopped in between) are queued now. */
    queuePending: async (): Promise<number> => {
      const ids = await pendingDeliveryIds(db);
      await send(ids);
      return ids.length;
    },
  };
}

export type AlertWatch = ReturnType<typeof alertWatch>;
