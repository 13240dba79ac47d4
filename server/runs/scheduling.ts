import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { claimDueFlows, claimDueWorkflows } from '../store/schedules';
import type { Trigger } from './flow-runs';

// One scheduler pass: every due flow and workflow is claimed (once, whatever the number of instances)
// and started; one that is still running is skipped until its next time.

interface Starters {
  runFlow: (flowId: number, trigger: Trigger) => Promise<number>;
  runWorkflow: (workflowId: number, trigger: Trigger) => Promise<number>;
}

export async function startDueRuns(db: Pool, logger: Logger, runs: Starters): Promise<number> {
  let started = 0;
  for (const flowId of await claimDueFlows(db)) {
    try {
      await runs.runFlow(flowId, 'scheduled');
      started += 1;
    } catch (error) {
      logger.info({ flowId, err: (error as Error).message }, 'scheduled flow run skipped');
    }
  }
  for (const workflowId of await claimDueWorkflows(db)) {
    try {
      await runs.runWorkflow(workflowId, 'scheduled');
      started += 1;
    } catch (error) {
      logger.info({ workflowId, err: (error as Error).message }, 'scheduled workflow run skipped');
    }
  }
  return started;
}
