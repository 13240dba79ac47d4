import PgBoss from 'pg-boss';
import { openTransaction } from '../db/request-transaction';
import type { Logger } from '../logger';
import type { StoredProperties } from '../properties';

// Runs and discovery go through a job queue on Postgres (pg-boss): any instance on the same database
// may pick a job up; claiming the attempt row makes sure only one executes it.

export const QUEUES = {
  flow: 'flow-run',
  workflow: 'workflow-run',
  discovery: 'discovery',
  alert: 'alert-delivery',
  connectionCheck: 'connection-check',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What a job of each queue carries. */
export interface JobData {
  'flow-run': { attemptId: number; flowId: number };
  'workflow-run': { runId: number };
  discovery: { sourceId: number };
  'alert-delivery': { deliveryId: number };
  /** Verify on a web instance: the settings as stored (secrets stay encrypted in the queue's table). */
  'connection-check': { kind: 'source' | 'destination'; spec: string; properties: StoredProperties; timeoutMs: number };
}

/** Where a job stands: waiting, taken by a worker (since `startedOn`), or over (`output`: what its handler returned). */
export interface JobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  startedOn: Date | null;
  output: unknown;
}

export interface JobQueueOptions {
  /** The first retry of a failed alert delivery waits 1–2 times this, each next one twice as long (pg-boss backoff). */
  alertRetryDelaySeconds: number;
  /** Tries of one delivery, the first included (the delivery row counts them; the queue allows as many retries). */
  alertMaxTries: number;
}

/** Workers per queue and instance: one stuck job (a source that does not answer) holds up no other. */
const WORKERS_PER_QUEUE = 4;
/** Alert deliveries are few and short (10 s at most): fewer workers, polling less, woken at once by a send here. */
const ALERT_WORKERS = 2;
const ALERT_POLLING_SECONDS = 2;

export interface JobQueue {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Starts this instance's workers of `queue`. */
  work: <Q extends QueueName>(queue: Q, handle: (data: JobData[Q]) => Promise<unknown>) => Promise<void>;
  /** Queues a job; `id` (a UUID) lets the caller note the job before it is sent; `startAfterSeconds` delays it (a retry's backoff). */
  send: <Q extends QueueName>(queue: Q, data: JobData[Q], id?: string, startAfterSeconds?: number) => Promise<void>;
  /** The job's state, or null when the queue no longer has it. */
  jobState: (queue: QueueName, id: string) => Promise<JobState | null>;
  /** Withdraws a job nobody needs any more (a connection check whose asker gave up). */
  cancel: (queue: QueueName, id: string) => Promise<void>;
}

export function createJobQueue(databaseUrl: string, logger: Logger, options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => {
    logger.error({ err: error.message }, 'job queue error');
  });
  const workerIds = new Map<QueueName, string[]>();
  return {
    async start() {
      await boss.start();
      for (const name of [QUEUES.flow, QUEUES.workflow, QUEUES.discovery]) await boss.createQueue(name, { name, retryLimit: 0, expireInHours: 23 });
      // A connection check is asked for by a request that waits 10 s at most: never retried, soon expired.
      await boss.createQueue(QUEUES.connectionCheck, { name: QUEUES.connectionCheck, retryLimit: 0, expireInSeconds: 60 });
      // A delivery is retried with backoff; a try that never ends (the instance died) expires and is retried too.
      const alertQueue = { retryLimit: options.alertMaxTries, retryDelay: options.alertRetryDelaySeconds, retryBackoff: true, expireInSeconds: 120 };
      await boss.createQueue(QUEUES.alert, { name: QUEUES.alert, ...alertQueue });
      await boss.updateQueue(QUEUES.alert, { name: QUEUES.alert, ...alertQueue });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000, wait: true }).catch(() => undefined);
    },
    async work<Q extends QueueName>(queue: Q, handle: (data: JobData[Q]) => Promise<unknown>) {
      const ids = workerIds.get(queue) ?? [];
      workerIds.set(queue, ids);
      const alerts = queue === QUEUES.alert;
      for (let i = 0; i < (alerts ? ALERT_WORKERS : WORKERS_PER_QUEUE); i += 1) {
        ids.push(
          await boss.work<JobData[Q]>(queue, { pollingIntervalSeconds: alerts ? ALERT_POLLING_SECONDS : 0.5 }, async ([job]) =>
            job ? handle(job.data) : undefined,
          ),
        );
      }
    },
    // Workers poll every 0.5 s; waking this instance's idle ones after a send starts the job at once
    // (other instances still pick up work by polling).
    // Asked inside a request's change (request-transaction.ts), the job is inserted in its transaction: a
    // worker sees it only once the change it acts on is committed, and never when it is rolled back.
    async send(queue, data, id, startAfterSeconds) {
      const transaction = openTransaction();
      const options = { ...(id ? { id } : {}), ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) };
      await boss.send(queue, data, transaction ? { ...options, db: transaction } : options);
      const notify = () => {
        for (const workerId of workerIds.get(queue) ?? []) boss.notifyWorker(workerId);
      };
      if (transaction) transaction.afterCommit(notify);
      else notify();
    },
    async jobState(queue, id) {
      const job = await boss.getJobById(queue, id, { includeArchive: true });
      return job ? { state: job.state, startedOn: job.startedOn, output: job.output } : null;
    },
    async cancel(queue, id) {
      await boss.cancel(queue, id);
    },
  };
}
