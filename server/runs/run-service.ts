import { deliverAlert } from '../alerts/deliver';
import { DEFAULT_AUDIT_RETENTION_DAYS, pruneAuditLog } from '../audit/retention';
import { alertWatch } from '../alerts/watch';
import type { VerificationMessage } from '../connectors/types';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { executesJobs, type Role } from '../role';
import type { SecretBox } from '../secrets';
import { type Instance, registerInstance } from '../store/instances';
import type { SourceRow } from '../store/sources';
import { answerConnectionCheck, checkConnectionHere, checkConnectionOnWorker, type ConnectionCheckRequest } from './connection-check';
import { discoveryRuns } from './discovery';
import { type FlowTrigger, flowRuns, type WorkflowTrigger } from './flow-runs';
import { DEFAULT_LOG_RETENTION_DAYS, LOG_RETENTION_TICK_MS, pruneAttemptLogs } from './log-retention';
import { createJobQueue, QUEUES } from './queue';
import { recoverInterruptedRuns, requeueLostJobs } from './recovery';
import { defaultMaxRuns, runQueue } from './run-queue';
import { startDueRuns } from './scheduling';
import { executeWorkflowRun } from './workflow-runner';
import { workflowRuns } from './workflow-runs';

// The run service the routes call: it puts together the job queue (queue.ts), flow runs (flow-runs.ts,
// executed by flow-runner.ts), workflow runs (workflow-runs.ts, workflow-runner.ts), discovery
// (discovery.ts), the scheduler (scheduling.ts) and crash recovery (recovery.ts), and runs the last two
// every few seconds. An instance of the `web` role (role.ts) only queues: it takes no job and runs no
// background pass, so any number of web instances and workers can share one database.

/** Every second, so a run starts within a second or two of the nextRunAt the service answered. */
const SCHEDULER_TICK_MS = 1_000;
const RECOVERY_TICK_MS = 5_000;
/** Runs ending on other instances and retries falling due are let through within a second. */
const QUEUE_TICK_MS = 1_000;
/** Finished runs are looked at for alerts this often; lateness less often (it reads every flow). */
const ALERT_TICK_MS = 2_000;
const LATE_TICK_MS = 30_000;
const ALERT_MAX_TRIES = 5;

export interface RunService {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  runFlow: (flowId: number, trigger: FlowTrigger) => Promise<number>;
  /** Re-sync: resets the state of `reset`, then runs `resources` (null: all) in full, replacing their tables. */
  resyncFlow: (flowId: number, resources: readonly string[] | null, reset: readonly string[]) => Promise<number>;
  cancelFlow: (flowId: number) => Promise<boolean>;
  runWorkflow: (workflowId: number, trigger: WorkflowTrigger) => Promise<number>;
  /** Re-runs a failed run from its failed steps (its succeeded steps keep their attempts); 404 for a run of another workflow. */
  rerunWorkflowRun: (workflowId: number, runId: number) => Promise<number>;
  cancelWorkflow: (workflowId: number) => Promise<boolean>;
  requestDiscovery: (sourceId: number) => Promise<void>;
  /** Discover now: the source in progress, or undefined while a discovery of it is in progress already. */
  discoverNow: (sourceId: number) => Promise<SourceRow | undefined>;
  /** One pass of the run queue (also run every second): queued runs let through as the limits allow. */
  admitQueued: () => Promise<void>;
  /** One scheduler pass (also run every second); returns how many runs it started. */
  tick: () => Promise<number>;
  /** Verify's connection check, here or on a worker (connection-check.ts). */
  checkConnection: (request: ConnectionCheckRequest) => Promise<VerificationMessage[]>;
  /** One recovery pass (also run at start and every 5 s). */
  recover: () => Promise<number>;
  /** Deletes attempt log lines past the retention (also run at start and every hour); returns how many. */
  pruneLogs: () => Promise<number>;
  /** Deletes audit entries past their retention (with the log lines' pass); returns how many. */
  pruneAudit: () => Promise<number>;
  /** One pass of alert detection over finished runs (every 2 s) and late flows (every 30 s); the deliveries queued. */
  checkAlerts: () => Promise<number>;
  checkLateFlows: () => Promise<number>;
  /** Queues a recorded delivery (Send test). */
  queueAlert: (deliveryId: number) => Promise<void>;
}

export interface RunServiceOptions {
  db: Pool;
  databaseUrl: string;
  box: SecretBox;
  logger: Logger;
  /** How long discovery of one source may take (30 s by default; tests shorten it). */
  discoveryTimeoutMs?: number;
  /** Days attempt log lines are kept (FLOWDECK_LOG_RETENTION_DAYS). */
  logRetentionDays?: number;
  /** Days audit entries are kept (FLOWDECK_AUDIT_RETENTION_DAYS). */
  auditRetentionDays?: number;
  /** The origin of the dashboard links alerts carry. */
  publicOrigin: () => string;
  /** The first retry of a failed alert delivery waits 1–2 times this (15 s by default; tests shorten it). */
  alertRetryDelaySeconds?: number;
  /** FLOWDECK_ROLE: a `web` instance queues work and executes none (`all` by default). */
  role?: Role;
  /** FLOWDECK_MAX_RUNS: flow attempts executing at once across every instance (one per core by default). */
  maxRuns?: number;
}

export function createRunService(options: RunServiceOptions): RunService {
  const { db, databaseUrl, box, logger, discoveryTimeoutMs = 30_000, logRetentionDays = DEFAULT_LOG_RETENTION_DAYS } = options;
  const executes = executesJobs(options.role ?? 'all');
  const queue = createJobQueue(databaseUrl, logger, { alertRetryDelaySeconds: options.alertRetryDelaySeconds ?? 15, alertMaxTries: ALERT_MAX_TRIES });
  let instance: Instance | null = null;
  const instanceKey = () => {
    if (!instance) throw new Error('The run service has not started.');
    return instance.key;
  };
  const context = { db, box, logger };
  const runs = runQueue(db, queue, logger, options.maxRuns ?? defaultMaxRuns());
  const flows = flowRuns({ ...context, runQueue: runs, instanceKey });
  const workflows = workflowRuns(db, queue, flows, logger);
  const discovery = discoveryRuns(db, box, queue, discoveryTimeoutMs);
  const alerts = alertWatch({ db, queue, publicOrigin: options.publicOrigin });
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, pass: () => Promise<unknown>, what: string) => {
    timers.push(
      setInterval(() => {
        void pass().catch((error: unknown) => {
          logger.error({ err: String(error) }, `${what} failed`);
        });
      }, ms),
    );
  };

  const service: RunService = {
    async start() {
      await queue.start();
      if (!executes) return;
      instance = await registerInstance(databaseUrl);
      await queue.work(QUEUES.flow, (job) => flows.execute(job.attemptId, job.flowId));
      await queue.work(QUEUES.workflow, async (job) => {
        if ((await executeWorkflowRun(context, job.runId, instanceKey(), flows)) === 'failed') await workflows.retryIfDue(job.runId);
      });
      await queue.work(QUEUES.discovery, (job) => discovery.discover(job.sourceId));
      await queue.work(QUEUES.alert, (job) => deliverAlert({ db, box, logger, maxTries: ALERT_MAX_TRIES }, job.deliveryId));
      await queue.work(QUEUES.connectionCheck, (job) => answerConnectionCheck(box, logger, job));
      await service.recover();
      await alerts.queuePending();
      every(RECOVERY_TICK_MS, service.recover, 'recovery');
      every(SCHEDULER_TICK_MS, service.tick, 'scheduler');
      // Queued runs survive a restart: they start as slots free, in their order.
      await runs.admit();
      every(QUEUE_TICK_MS, runs.admit, 'run queue');
      await service.pruneLogs().catch((error: unknown) => {
        logger.error({ err: String(error) }, 'log retention failed');
      });
      every(LOG_RETENTION_TICK_MS, service.pruneLogs, 'log retention');
      await service.pruneAudit().catch((error: unknown) => {
        logger.error({ err: String(error) }, 'audit retention failed');
      });
      every(LOG_RETENTION_TICK_MS, service.pruneAudit, 'audit retention');
      every(ALERT_TICK_MS, service.checkAlerts, 'alert detection');
      every(LATE_TICK_MS, service.checkLateFlows, 'late detection');
    },

    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
      flows.abortAll();
      await queue.stop();
      if (!executes) return;
      await instance?.release().catch(() => undefined);
      instance = null;
      await recoverInterruptedRuns(context).catch(() => 0);
    },

    runFlow: flows.runFlow,
    resyncFlow: flows.resyncFlow,
    cancelFlow: flows.cancelFlow,
    runWorkflow: workflows.runWorkflow,
    rerunWorkflowRun: workflows.rerunWorkflowRun,
    cancelWorkflow: workflows.cancelWorkflow,
    requestDiscovery: discovery.requestDiscovery,
    discoverNow: discovery.discoverNow,
    admitQueued: runs.admit,
    tick: () => startDueRuns(db, logger, service),
    checkConnection: (request) => (executes ? checkConnectionHere(box, request) : checkConnectionOnWorker(queue, request)),
    // Not while this instance's own lock is away (its database restarting): its own runs would look abandoned.
    recover: async () => (instance && !instance.holdsLock() ? 0 : (await recoverInterruptedRuns(context)) + (await requeueLostJobs(db, queue))),
    pruneLogs: () => pruneAttemptLogs(db, logRetentionDays),
    pruneAudit: () => pruneAuditLog(db, options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS),
    checkAlerts: alerts.checkFinishedRuns,
    checkLateFlows: alerts.checkLateFlows,
    queueAlert: (deliveryId) => queue.send(QUEUES.alert, { deliveryId }),
  };
  return service;
}
