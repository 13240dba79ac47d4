import type { AttemptRow } from '../store/attempts';
import { isoOrNull, type WireFlowStatus, type WireWorkflowStatus } from '../wire';
import { wireAttempt } from './attempts-wire';

// The status answers (flow and workflow) in the hosted service's shape: unwrapped, lifecycle and
// disposition UPPERCASE, `completedAt` null while running or never run, each resource with the
// errors that name it. Flow and workflow status are built by these same rules.

type StatusResource = WireWorkflowStatus['resources'] extends (infer R)[] | null | undefined ? R : never;

/** The runner writes a resource's error as `<resource>: <message>`: that is how an error names its resource. */
const namesResource = (error: string, resource: string) => error.startsWith(`${resource}:`);

/** An attempt's resources with their own errors; `label` (a workflow's step flow) prefixes their names. */
export function statusResources(attempt: AttemptRow, label?: string): StatusResource[] {
  return (attempt.resources ?? []).map((resource) => ({
    ...resource,
    name: label === undefined ? resource.name : `${label} › ${resource.name}`,
    errors: attempt.errors.filter((error) => namesResource(error, resource.name)),
  }));
}

/** An attempt's errors that name none of its resources (a connection refused, a cancel, an interruption). */
export function unattributedErrors(attempt: AttemptRow): string[] {
  return attempt.errors.filter((error) => !(attempt.resources ?? []).some((resource) => namesResource(error, resource.name)));
}

interface RunState {
  lifecycle: string;
  disposition: string;
  completed_at: Date | null;
}

/** Lifecycle, disposition and completedAt of a run, or of no run at all (NOT_RUNNING / NONE). */
export function statusState(run: RunState | undefined) {
  return {
    lifecycle: (run?.lifecycle ?? 'not_running').toUpperCase(),
    disposition: (run?.disposition ?? 'none').toUpperCase(),
    completedAt: run?.lifecycle === 'not_running' ? isoOrNull(run.completed_at) : null,
  };
}

/**
 * A flow's status is its latest attempt's. An attempt no worker has claimed yet is PENDING. `errors`
 * holds every error of the attempt and is null when it has none (clients such as Keboola's treat any
 * other value as a failed run). `lastAttempt` is Flowdeck's own addition; `hosted` leaves it out.
 */
export function flowStatus(flowId: number, attempt: AttemptRow | undefined, hosted: boolean): WireFlowStatus {
  const state = statusState(attempt);
  const pending = attempt?.lifecycle === 'running' && attempt.instance_key === null;
  const status = {
    id: flowId,
    lifecycle: pending ? 'PENDING' : state.lifecycle,
    disposition: state.disposition,
    resources: attempt ? statusResources(attempt) : [],
    errors: attempt && attempt.errors.length > 0 ? attempt.errors : null,
    completedAt: state.completedAt,
  };
  return hosted ? status : { ...status, lastAttempt: attempt ? wireAttempt(attempt) : null };
}
