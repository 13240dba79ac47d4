import type { RunTrigger } from '@/api/flows';
import { stepSkipped } from '@/api/messages';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { AttemptRow } from '../store/attempts';
import { claimWorkflowRun, finishWorkflowRun, findWorkflow, isWorkflowRunLive, setStepAttempt, setStepError, workflowRunStepRows } from '../store/workflows';
import { readDefinition, type WorkflowStep } from '@/service-rules/workflow-definition';
import type { Outcome } from './flow-runs';
import { endOrphanedWorkflowRun, lostDatabase, StepLostDatabase } from './orphaned-runs';

// Runs the steps a workflow run was asked with (its definition then), each as soon as its `after` steps
// succeeded; each step's attempt, or why it could not start one, is noted on the run's step. A run that
// loses its database (its own statements, or a step's run) ends as interrupted, with its steps still
// running, once the database answers again (orphaned-runs.ts).

interface StepRunner {
  startAttempt: (flowId: number, trigger: RunTrigger, workflowRunId: number | null) => Promise<AttemptRow>;
  /** Waits while the run queue holds the attempt back (concurrency limits); false: it was cancelled meanwhile. */
  waitForTurn: (attemptId: number) => Promise<boolean>;
  execute: (attemptId: number, flowId: number) => Promise<Outcome>;
  /** Stops the attempts executing here (ended meanwhile by someone else). */
  abortHere: (attemptIds: number[]) => void;
}

type StepOutcome = Exclude<Outcome, 'interrupted'> | 'skipped';

/** How the run ended, as far as its runner decided it: `failed` only when it ended it failed (a cancel decides for itself). */
export type WorkflowOutcome = 'succeeded' | 'failed' | 'other';

export async function executeWorkflowRun(
  context: { db: Pool; logger: Logger },
  runId: number,
  instanceKey: number,
  runner: StepRunner,
): Promise<WorkflowOutcome> {
  try {
    return await runClaimed(context, runId, instanceKey, runner);
  } catch (error) {
    // It cannot record how it ended: it ends as interrupted once the database answers (orphaned-runs.ts).
    if (!lostDatabase(error)) throw error;
    await endOrphanedWorkflowRun(context.db, context.logger, runId, error, runner.abortHere);
    return 'other';
  }
}

async function runClaimed(context: { db: Pool; logger: Logger }, runId: number, instanceKey: number, runner: StepRunner): Promise<WorkflowOutcome> {
  const { db } = context;
  const run = await claimWorkflowRun(db, runId, instanceKey);
  if (!run) return 'other';
  const stepRows = await workflowRunStepRows(db, [runId]);
  const steps: WorkflowStep[] = stepRows.map((row) => ({ id: row.step_id, flow: row.flow_id, after: row.after }));
  if (steps.length === 0) {
    const workflow = await findWorkflow(db, run.workflow_id);
    const read = workflow ? readDefinition(workflow.definition) : { problem: 'The workflow no longer exists.' };
    const problem = 'problem' in read ? read.problem : 'it had no steps when the run was asked for.';
    await finishWorkflowRun(db, runId, { disposition: 'failed', errors: [`The definition cannot run: ${problem}`] });
    return 'other';
  }
  const outcomes = new Map<string, StepOutcome>();
  // A re-run keeps the steps that succeeded in the run it re-runs: they are done already.
  for (const row of stepRows) if (row.attempt_disposition === 'succeeded') outcomes.set(row.step_id, 'succeeded');
  const errors: string[] = [];
  // A step's attempt says a workflow started it, or a webhook when a delivery started the run: on a
  // flow's page, `manual` and `scheduled` mean the flow's own Run button and schedule only.
  const trigger = run.trigger === 'webhook' ? 'webhook' : 'workflow';

  const runStep = async (step: WorkflowStep) => {
    try {
      const attempt = await runner.startAttempt(step.flow, trigger, runId);
      await setStepAttempt(db, runId, step.id, attempt.id);
      const outcome = (await runner.waitForTurn(attempt.id)) ? await runner.execute(attempt.id, step.flow) : 'cancelled';
      if (outcome === 'interrupted') throw new StepLostDatabase(attempt.id);
      outcomes.set(step.id, outcome);
      if (outcome === 'failed') errors.push(`Step "${step.id}" (flow ${String(step.flow)}) failed.`);
    } catch (error) {
      if (lostDatabase(error)) throw error;
      outcomes.set(step.id, 'failed');
      await setStepError(db, runId, step.id, (error as Error).message);
      errors.push(`Step "${step.id}" (flow ${String(step.flow)}) could not start: ${(error as Error).message}`);
    }
  };

  let pending = steps.filter((step) => !outcomes.has(step.id));
  while (pending.length > 0) {
    if (!(await isWorkflowRunLive(db, runId))) return 'other'; // cancelled: the cancel already wrote the outcome
    const blocked = pending.filter((step) => step.after.some((id) => outcomes.has(id) && outcomes.get(id) !== 'succeeded'));
    for (const step of blocked) {
      outcomes.set(step.id, 'skipped');
      errors.push(stepSkipped(step.id));
    }
    const ready = pending.filter((step) => !blocked.includes(step) && step.after.every((id) => outcomes.get(id) === 'succeeded'));
    pending = pending.filter((step) => !blocked.includes(step) && !ready.includes(step));
    if (ready.length === 0 && blocked.length === 0) break;
    await Promise.all(ready.map(runStep));
  }
  const failed = [...outcomes.values()].some((outcome) => outcome !== 'succeeded');
  const ended = await finishWorkflowRun(db, runId, { disposition: failed ? 'failed' : 'succeeded', errors });
  context.logger.info({ runId, workflowId: run.workflow_id, failed }, 'workflow run ended');
  if (!ended) return 'other';
  return failed ? 'failed' : 'succeeded';
}
