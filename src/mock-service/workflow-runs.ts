import { MESSAGES, stepSkipped } from '@/api/messages';
import { readDefinition } from '@/service-rules/workflow-definition';
import { type StepRecord, workflowRunOf } from '@/service-rules/workflow-run';
import { iso, isoOrNull, type WireWorkflowRun } from '@/service-rules/wire';
import { viewRun } from './progress';
import type { FlowRecord, RunRecord, SourceRecord, StepPlan, WorkflowRecord, WorkflowRunRecord } from './records';
import { runResources, sourceFailure } from './rules';

// A mock workflow run, like every mock run, is decided when it starts and read off the clock: its steps
// take turns in levels (a step's level is one more than the deepest step it waits for) that share the
// run's time evenly; a step whose source cannot connect fails at its end, and the steps after it never
// start. Each step's state then follows from the same rule the service uses (src/service-rules/workflow-run.ts).

interface World {
  flows: readonly FlowRecord[];
  sources: readonly SourceRecord[];
}

export interface NewWorkflowRun {
  id: number;
  workflow: WorkflowRecord;
  trigger: RunRecord['trigger'];
  startedAt: number;
  /** How long the run takes if every step runs. */
  totalMs: number;
}

export function workflowRunRecord(world: World, { id, workflow, trigger, startedAt, totalMs }: NewWorkflowRun): WorkflowRunRecord {
  const read = readDefinition(workflow.definition);
  const steps = 'steps' in read ? read.steps : [];
  const levels = new Map<string, number>();
  const levelOf = (stepId: string): number => {
    const known = levels.get(stepId);
    if (known !== undefined) return known;
    const step = steps.find((candidate) => candidate.id === stepId);
    const level = step && step.after.length > 0 ? 1 + Math.max(...step.after.map(levelOf)) : 0;
    levels.set(stepId, level);
    return level;
  };
  const sliceMs = totalMs / (1 + Math.max(0, ...steps.map((step) => levelOf(step.id))));
  const plans = new Map<string, StepPlan>();
  const succeeds = (stepId: string) => {
    const plan = plans.get(stepId);
    return plan !== undefined && plan.startsAtMs !== null && plan.failure === null;
  };
  const errors = 'problem' in read ? [`The definition cannot run: ${read.problem}`] : [];
  const resources: RunRecord['resources'] = [];
  // By level, so the steps a step waits for are planned before it.
  for (const step of [...steps].sort((a, b) => levelOf(a.id) - levelOf(b.id))) {
    const flow = world.flows.find((candidate) => candidate.id === step.flow);
    const source = flow ? world.sources.find((candidate) => candidate.id === flow.source) : undefined;
    if (!step.after.every(succeeds)) {
      errors.push(stepSkipped(step.id));
      plans.set(step.id, { ...step, startsAtMs: null, durationMs: 0, failure: null });
      continue;
    }
    const failure = source ? sourceFailure(source) : ['The source of this flow no longer exists.'];
    if (source) resources.push(...runResources(id, source));
    if (failure) errors.push(`Flow ${String(step.flow)} (${flow?.displayName ?? '?'}) failed: ${failure.join(' ')}`);
    plans.set(step.id, { ...step, startsAtMs: levelOf(step.id) * sliceMs, durationMs: sliceMs, failure });
  }
  const ends = [...plans.values()].flatMap((plan) => (plan.startsAtMs === null ? [] : [plan.startsAtMs + plan.durationMs]));
  return {
    id,
    workflow: workflow.id,
    trigger,
    startedAt,
    durationMs: Math.max(0, ...ends),
    failure: errors.length > 0 ? errors : null,
    cancelledAt: null,
    resources,
    steps: steps.flatMap((step) => plans.get(step.id) ?? []),
  };
}

/** How long a workflow run stays PENDING before its steps start. */
export const workflowPendingMs = (run: WorkflowRunRecord) => Math.min(1_000, run.durationMs * 0.15);

/** The flow attempt a step has at `now`: none before it starts (or when it never does). */
function attemptAt(run: WorkflowRunRecord, step: StepPlan, now: number): StepRecord['attempt'] {
  if (step.startsAtMs === null || now - run.startedAt < workflowPendingMs(run)) return null;
  const startsAt = run.startedAt + step.startsAtMs;
  const endsAt = startsAt + step.durationMs;
  const cancelledAt = run.cancelledAt !== null && run.cancelledAt <= now ? run.cancelledAt : null;
  if ((cancelledAt ?? Infinity) <= startsAt || now < startsAt) return null;
  const attempt = { id: null, createdAt: iso(startsAt) };
  if (cancelledAt !== null && cancelledAt < endsAt) {
    return { ...attempt, lifecycle: 'not_running', disposition: 'failed', errors: [MESSAGES.cancelledByUser], completedAt: iso(cancelledAt) };
  }
  if (step.queued && now < startsAt + step.queued.waitMs) {
    return { ...attempt, lifecycle: 'pending', disposition: 'none', errors: [], completedAt: null, waitingFor: step.queued.waitingFor };
  }
  if (now < endsAt) return { ...attempt, lifecycle: 'running', disposition: 'none', errors: [], completedAt: null };
  const failed = step.failure !== null;
  return { ...attempt, lifecycle: 'not_running', disposition: failed ? 'failed' : 'succeeded', errors: step.failure ?? [], completedAt: iso(endsAt) };
}

export function wireWorkflowRun(run: WorkflowRunRecord, now: number): WireWorkflowRun {
  const pendingMs = workflowPendingMs(run);
  const view = viewRun(run, now, pendingMs);
  return workflowRunOf(
    {
      id: run.id,
      workflow: run.workflow,
      number: run.number ?? null,
      retryOf: run.retryOf ?? null,
      retryNumber: run.retryNumber ?? 0,
      trigger: run.trigger,
      lifecycle: view.lifecycle,
      disposition: view.disposition,
      errors: view.errors,
      createdAt: iso(run.startedAt),
      startedAt: view.lifecycle === 'pending' ? null : iso(run.startedAt + pendingMs),
      completedAt: isoOrNull(view.completedAt),
    },
    run.steps.map((step) => ({ id: step.id, flow: step.flow, after: step.after, attempt: attemptAt(run, step, now), error: null })),
  );
}
