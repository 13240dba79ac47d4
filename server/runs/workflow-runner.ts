import type { RunTrigger } from '@/api/flows';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { AttemptRow } from '../store/attempts';
import { claimWorkflowRun, finishWorkflowRun, findWorkflow, isWorkflowRunLive } from '../store/workflows';
import { readDefinition, type WorkflowStep } from '@/service-rules/workflow-definition';

// Runs the flows a workflow's definition names, each step as soon as its `after` steps succeeded.

interface StepRunner {
  startAttempt: (flowId: number, trigger: RunTrigger, workflowRunId: number | null) => Promise<AttemptRow>;
  execute: (attemptId: number, flowId: number) => Promise<'succeeded' | 'failed' | 'cancelled'>;
}

export async function executeWorkflowRun(context: { db: Pool; logger: Logger }, runId: number, instanceKey: number, runner: StepRunner): Promise<void> {
  const { db } = context;
  const run = await claimWorkflowRun(db, runId, instanceKey);
  if (!run) return;
  const workflow = await findWorkflow(db, run.workflow_id);
  const read = workflow ? readDefinition(workflow.definition) : { problem: 'The workflow no longer exists.' };
  if ('problem' in read) {
    await finishWorkflowRun(db, runId, { disposition: 'failed', errors: [`The definition cannot run: ${read.problem}`] });
    return;
  }
  const outcomes = new Map<string, 'succeeded' | 'failed' | 'cancelled' | 'skipped'>();
  const errors: string[] = [];
  // A step's attempt says a workflow started it, or a webhook when a delivery started the run: on a
  // flow's page, `manual` and `scheduled` mean the flow's own Run button and schedule only.
  const trigger = run.trigger === 'webhook' ? 'webhook' : 'workflow';

  const runStep = async (step: WorkflowStep) => {
    try {
      const attempt = await runner.startAttempt(step.flow, trigger, runId);
      const outcome = await runner.execute(attempt.id, step.flow);
      outcomes.set(step.id, outcome);
      if (outcome === 'failed') errors.push(`Step "${step.id}" (flow ${String(step.flow)}) failed.`);
    } catch (error) {
      outcomes.set(step.id, 'failed');
      errors.push(`Step "${step.id}" (flow ${String(step.flow)}) could not start: ${(error as Error).message}`);
    }
  };

  let pending = [...read.steps];
  while (pending.length > 0) {
    if (!(await isWorkflowRunLive(db, runId))) return; // cancelled: the cancel already wrote the outcome
    const blocked = pending.filter((step) => step.after.some((id) => outcomes.has(id) && outcomes.get(id) !== 'succeeded'));
    for (const step of blocked) {
      outcomes.set(step.id, 'skipped');
      errors.push(`Step "${step.id}" was skipped because a step before it did not succeed.`);
    }
    const ready = pending.filter((step) => !blocked.includes(step) && step.after.every((id) => outcomes.get(id) === 'succeeded'));
    pending = pending.filter((step) => !blocked.includes(step) && !ready.includes(step));
    if (ready.length === 0 && blocked.length === 0) break;
    await Promise.all(ready.map(runStep));
  }
  const failed = [...outcomes.values()].some((outcome) => outcome !== 'succeeded');
  await finishWorkflowRun(db, runId, { disposition: failed ? 'failed' : 'succeeded', errors });
  context.logger.info({ runId, workflowId: run.workflow_id, failed }, 'workflow run ended');
}
