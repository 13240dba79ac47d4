import type { z } from 'zod';
import type { flowStatusAnswerSchema, runAttemptSchema } from '@/api/flows';
import type { workflowStatusSchema } from '@/api/workflows';
import type { WireWorkflowRun } from './wire';

// The status answers (flow and workflow) in the hosted service's shape: unwrapped, lifecycle and
// disposition UPPERCASE, `completedAt` null while running or never run, each resource with the errors
// that name it. The service and the mock service build them by these same rules from their attempts.

type WireRunAttempt = z.input<typeof runAttemptSchema>;
type WorkflowStatusAnswer = z.input<typeof workflowStatusSchema>;
type WireFlowStatus = z.input<typeof flowStatusAnswerSchema>;
type StatusResource = WireFlowStatus['resources'][number];

export interface ResourceCounts {
  name: string;
  extracted: number;
  analyzed: number;
  loaded: number;
}

/** A run attempt (or a workflow run) as far as its status is concerned. */
export interface StatusAttempt {
  lifecycle: string;
  disposition: string;
  resources?: readonly ResourceCounts[] | null | undefined;
  errors: readonly string[];
  /** ISO time, or null while it runs. */
  completedAt: string | null;
  /** Still running but no worker has taken it yet: PENDING. */
  waiting?: boolean;
}

/** The runner writes a resource's error as `<resource>: <message>`: that is how an error names its resource. */
const namesResource = (error: string, resource: string) => error.startsWith(`${resource}:`);

/** An attempt's resources with their own errors; `label` (a workflow's step flow) prefixes their names. */
export function statusResources(attempt: StatusAttempt, label?: string): StatusResource[] {
  return (attempt.resources ?? []).map((resource) => ({
    name: label === undefined ? resource.name : `${label} › ${resource.name}`,
    extracted: resource.extracted,
    analyzed: resource.analyzed,
    loaded: resource.loaded,
    errors: attempt.errors.filter((error) => namesResource(error, resource.name)),
  }));
}

/** An attempt's errors that name none of its resources (a connection refused, a cancel, an interruption). */
export function unattributedErrors(attempt: StatusAttempt): string[] {
  return attempt.errors.filter((error) => !(attempt.resources ?? []).some((resource) => namesResource(error, resource.name)));
}

/** A run waiting for a worker (a workflow run before it starts, an attempt no worker has claimed) is PENDING. */
function statusLifecycle(run: StatusAttempt | undefined): WireFlowStatus['lifecycle'] {
  if (run?.lifecycle === 'pending' || (run?.waiting && run.lifecycle === 'running')) return 'PENDING';
  return run?.lifecycle === 'running' ? 'RUNNING' : 'NOT_RUNNING';
}

const statusDisposition = (run: StatusAttempt | undefined): WireFlowStatus['disposition'] =>
  run?.disposition === 'succeeded' ? 'SUCCEEDED' : run?.disposition === 'failed' ? 'FAILED' : 'NONE';

/** Lifecycle, disposition and completedAt of a run, or of no run at all (NOT_RUNNING / NONE). */
export function statusState(run: StatusAttempt | undefined) {
  return {
    lifecycle: statusLifecycle(run),
    disposition: statusDisposition(run),
    completedAt: run?.lifecycle === 'not_running' ? run.completedAt : null,
  };
}

/**
 * A flow's status is its latest attempt's. `errors` holds every error of the attempt and is null when it
 * has none (clients such as Keboola's treat any other value as a failed run). `lastAttempt` is Flowdeck's
 * own addition: left out when undefined (the hosted profile).
 */
export function flowStatusOf(flowId: number, attempt: StatusAttempt | undefined, lastAttempt?: WireRunAttempt | null): WireFlowStatus {
  const { lifecycle, disposition, completedAt } = statusState(attempt);
  // In the documented order: id, lifecycle, disposition, resources, errors, completedAt.
  const status = {
    id: flowId,
    lifecycle,
    disposition,
    resources: attempt ? statusResources(attempt) : [],
    errors: attempt && attempt.errors.length > 0 ? [...attempt.errors] : null,
    completedAt,
  };
  return lastAttempt === undefined ? status : { ...status, lastAttempt };
}

/**
 * A workflow's status is its latest run's; its resources are its steps' attempts', each named after
 * its step's flow (two flows may move resources of the same name), and its errors the run's own and
 * the steps' that name no resource. A workflow never run is NOT_RUNNING / NONE. `lastRun` (that run
 * with its steps' states) is Flowdeck's own addition: left out when undefined (the hosted profile).
 */
export function workflowStatusOf(
  workflowId: number,
  run: StatusAttempt | undefined,
  steps: readonly { label: string | undefined; attempt: StatusAttempt }[],
  lastRun?: WireWorkflowRun | null,
): WorkflowStatusAnswer {
  const { lifecycle, disposition, completedAt } = statusState(run);
  const resources = steps.flatMap(({ label, attempt }) => statusResources(attempt, label));
  const stepErrors = steps.flatMap(({ label, attempt }) => unattributedErrors(attempt).map((error) => (label === undefined ? error : `${label}: ${error}`)));
  const status = { id: workflowId, lifecycle, disposition, resources, errors: [...(run?.errors ?? []), ...stepErrors], completedAt };
  return lastRun === undefined ? status : { ...status, lastRun };
}
