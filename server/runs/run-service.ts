import PgBoss from 'pg-boss';
import { sourceConnector } from '../connectors/registry';
import { isUniqueViolation, type Pool } from '../db/pool';
import { badRequest } from '../http/errors';
import type { Logger } from '../logger';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { claimAttempt, failRunningAttempts, insertRunningAttempt } from '../store/attempts';
import { findSource, setDiscovery } from '../store/sources';
import { failLiveWorkflowRuns, insertPendingWorkflowRun } from '../store/workflows';
import { executeAttempt } from './flow-runner';
import { withTimeout } from './time-bound';
import { registerInstance, type Instance } from './instance';
import { recoverInterruptedRuns } from './recovery';
import { claimDueFlows, claimDueWorkflows } from './scheduler';
import { executeWorkflowRun } from './workflow-runner';

// Runs go through a job queue on Postgres (pg-boss): any instance on the same database may pick a
// job up, and claiming the attempt row makes sure only one executes it. The one-running-attempt
// rule lives in a partial unique index, so racing run requests cannot both win.

export const CANCELLED = 'Cancelled by user.';
const FLOW_QUEUE = 'flow-run';
const WORKFLOW_QUEUE = 'workflow-run';
const DISCOVERY_QUEUE = 'discovery';
const SCHEDULER_TICK_MS = 5_000;
const RECOVERY_TICK_MS = 5_000;
const WORKERS_PER_QUEUE = 4;

export type Trigger = 'manual' | 'scheduled' | 'webhook';

export interface RunService {
  start: () => Promise<void>;
  stop: () => Promise<void>;
  runFlow: (flowId: number, trigger: Trigger) => Promise<number>;
  cancelFlow: (flowId: number) => Promise<boolean>;
  runWorkflow: (workflowId: number, trigger: Trigger) => Promise<number>;
  cancelWorkflow: (workflowId: number) => Promise<boolean>;
  requestDiscovery: (sourceId: number) => Promise<void>;
  /** One scheduler pass (also run every 5 s); returns how many runs it started. */
  tick: () => Promise<number>;
  /** One recovery pass (also run at start and every 5 s). */
  recover: () => Promise<number>;
}

export interface RunServiceOptions {
  db: Pool;
  databaseUrl: string;
  box: SecretBox;
  logger: Logger;
  /** How long discovery of one source may take (30 s by default; tests shorten it). */
  discoveryTimeoutMs?: number;
}

export function createRunService({ db, databaseUrl, box, logger, discoveryTimeoutMs = 30_000 }: RunServiceOptions): RunService {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => {
    logger.error({ err: error.message }, 'job queue error');
  });
  const controllers = new Map<number, AbortController>();
  const timers: NodeJS.Timeout[] = [];
  let instance: Instance | null = null;
  const instanceKey = () => {
    if (!instance) throw new Error('The run service has not started.');
    return instance.key;
  };
  const context = { db, box, logger };

  /** Executes an attempt here, with an abort handle so a cancel on this instance stops it at once. */
  async function execute(attemptId: number, flowId: number): Promise<'succeeded' | 'failed' | 'cancelled'> {
    if (!(await claimAttempt(db, attemptId, instanceKey()))) return 'cancelled';
    const controller = new AbortController();
    controllers.set(attemptId, controller);
    try {
      const outcome = await executeAttempt(context, attemptId, flowId, controller.signal);
      logger.info({ attemptId, flowId, outcome }, 'flow run ended');
      return outcome;
    } finally {
      controllers.delete(attemptId);
    }
  }

  async function startAttempt(flowId: number, trigger: Trigger, workflowRunId: number | null) {
    try {
      return await insertRunningAttempt(db, flowId, trigger, workflowRunId);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(`Flow ${String(flowId)} is already running.`);
      throw error;
    }
  }

  // Workers poll every 0.5 s; waking this instance's idle ones after a send starts a run at once
  // (other instances still pick up work by polling).
  const workerIds = new Map<string, string[]>([FLOW_QUEUE, WORKFLOW_QUEUE, DISCOVERY_QUEUE].map((name) => [name, []]));
  const enqueue = async (queue: string, data: object) => {
    await boss.send(queue, data);
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  };

  const abortLocal = (attemptIds: number[]) => {
    for (const id of attemptIds) controllers.get(id)?.abort();
  };

  const service: RunService = {
    async start() {
      instance = await registerInstance(databaseUrl);
      await boss.start();
      for (const name of [FLOW_QUEUE, WORKFLOW_QUEUE, DISCOVERY_QUEUE]) {
        await boss.createQueue(name, { name, retryLimit: 0, expireInHours: 23 });
      }
      for (let i = 0; i < WORKERS_PER_QUEUE; i += 1) {
        workerIds.get(FLOW_QUEUE)?.push(
          await boss.work<{ attemptId: number; flowId: number }>(FLOW_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
            if (job) await execute(job.data.attemptId, job.data.flowId);
          }),
        );
        workerIds.get(WORKFLOW_QUEUE)?.push(
          await boss.work<{ runId: number }>(WORKFLOW_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
            if (job) await executeWorkflowRun(context, job.data.runId, instanceKey(), { startAttempt, execute });
          }),
        );
        // As many discovery workers as run workers: one stuck source does not hold up the others.
        workerIds.get(DISCOVERY_QUEUE)?.push(
          await boss.work<{ sourceId: number }>(DISCOVERY_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
            if (job) await discover(job.data.sourceId);
          }),
        );
      }
      await service.recover();
      timers.push(
        setInterval(() => {
          void service.recover().catch((error: unknown) => {
            logger.error({ err: String(error) }, 'recovery failed');
          });
        }, RECOVERY_TICK_MS),
      );
      timers.push(
        setInterval(() => {
          void service.tick().catch((error: unknown) => {
            logger.error({ err: String(error) }, 'scheduler failed');
          });
        }, SCHEDULER_TICK_MS),
      );
    },

    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
      // Runs in flight here end as interrupted rather than hang as running.
      for (const controller of controllers.values()) controller.abort();
      await boss.stop({ graceful: true, timeout: 5_000, wait: true }).catch(() => undefined);
      await instance?.release().catch(() => undefined);
      instance = null;
      await recoverInterruptedRuns(context).catch(() => 0);
    },

    async runFlow(flowId, trigger) {
      const attempt = await startAttempt(flowId, trigger, null);
      try {
        await enqueue(FLOW_QUEUE, { attemptId: attempt.id, flowId });
      } catch (error) {
        await failRunningAttempts(db, { flowId }, 'The run could not be queued.');
        throw error;
      }
      return attempt.id;
    },

    async cancelFlow(flowId) {
      const ended = await failRunningAttempts(db, { flowId }, CANCELLED);
      abortLocal(ended);
      return ended.length > 0;
    },

    async runWorkflow(workflowId, trigger) {
      let run;
      try {
        run = await insertPendingWorkflowRun(db, workflowId, trigger);
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(`Workflow ${String(workflowId)} is already running.`);
        throw error;
      }
      try {
        await enqueue(WORKFLOW_QUEUE, { runId: run.id });
      } catch (error) {
        // Otherwise the pending run would block every later run of this workflow.
        await failLiveWorkflowRuns(db, workflowId, 'The run could not be queued.');
        throw error;
      }
      return run.id;
    },

    async cancelWorkflow(workflowId) {
      const runs = await failLiveWorkflowRuns(db, workflowId, CANCELLED);
      for (const runId of runs) abortLocal(await failRunningAttempts(db, { workflowRunId: runId }, CANCELLED));
      return runs.length > 0;
    },

    async requestDiscovery(sourceId) {
      await setDiscovery(db, sourceId, { status: 'in_progress', error: null });
      try {
        await enqueue(DISCOVERY_QUEUE, { sourceId });
      } catch (error) {
        // Otherwise the resolvers would read in_progress forever.
        await setDiscovery(db, sourceId, { status: 'failed', error: 'Discovery could not be queued.' });
        throw error;
      }
    },

    async tick() {
      let started = 0;
      for (const flowId of await claimDueFlows(db)) {
        try {
          await service.runFlow(flowId, 'scheduled');
          started += 1;
        } catch (error) {
          logger.info({ flowId, err: (error as Error).message }, 'scheduled flow run skipped');
        }
      }
      for (const workflowId of await claimDueWorkflows(db)) {
        try {
          await service.runWorkflow(workflowId, 'scheduled');
          started += 1;
        } catch (error) {
          logger.info({ workflowId, err: (error as Error).message }, 'scheduled workflow run skipped');
        }
      }
      return started;
    },

    recover: () => recoverInterruptedRuns(context),
  };

  async function discover(sourceId: number): Promise<void> {
    const source = await findSource(db, sourceId);
    if (!source) return;
    const connector = sourceConnector(source.spec);
    if (!connector) {
      await setDiscovery(db, sourceId, { status: 'failed', error: `This service cannot look into "${source.spec}" sources yet.` });
      return;
    }
    try {
      const found = await withTimeout(
        discoveryTimeoutMs,
        () => new Error(`Discovery gave up after ${String(discoveryTimeoutMs / 1000)} s: the source did not answer in time.`),
        (signal) => connector.discover(revealProperties(source.properties, box), signal),
      );
      const discovered = found.map((resource) => ({ ...resource, suppressed: false, maskedByDefault: resource.notes?.includes('personal data') ?? false }));
      await setDiscovery(db, sourceId, { status: 'succeeded', error: null, discovered });
    } catch (error) {
      await setDiscovery(db, sourceId, { status: 'failed', error: (error as Error).message });
    }
  }

  return service;
}
