import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { claimDueFlows, claimDueWorkflows } from '../store/schedules';

// One scheduler pass: every due flow and workflow is claimed (once, whatever the number of instances)
// and started; one that is still running is skipped until its next time.

interface Starters {
  runFlow: (flowId: number, trigger: 'scheduled') => Promise<number>;
  runWorkflow: (workflowId: number, trigger: 'scheduled') => Promise<number>;
}

export async function startDueRuns(db: Pool, logger: Logger, runs: Starters): Promise<number> {
  const kinds = [
    { claimDue: claimDueFlows, start: runs.runFlow, what: 'flow' },
    { claimDue: claimDueWorkflows, start: runs.runWorkflow, what: 'workflow' },
  ];
  let started = 0;
  for (const { claimDue, start, what } of kinds) {
    for (const id of await claimDue(db)) {
      try {
        await start(id, 'scheduled');
        started += 1;
      } catch (error) {
        logger.info({ [`${what}Id`]: id, err: (error as Error).message }, `scheduled ${what} run skipped`);
      }
    }
  }
  return started;
}
