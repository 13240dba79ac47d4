import { isCancelledByUserError } from '@/api/messages';
import { type FreshnessState, freshnessOf } from '@/service-rules/freshness';
import type { MockDb } from './db';
import { viewRun } from './progress';
import type { FlowRecord, RunRecord, WorkflowRecord } from './records';
import { workflowPendingMs } from './workflow-runs';

// The mock's flows and workflows get their freshness by the service's rule, read off the clock like
// every other mock run. The mock keeps no creation time: a flow never run is never late here.

function freshnessOfRuns<R extends RunRecord>(
  runs: readonly R[],
  pendingMs: (run: R) => number,
  schedule: { frequency: string | null; cron: string | null; timeZone?: string | undefined },
  paused: boolean,
  now: number,
) {
  const views = [...runs].sort((a, b) => b.startedAt - a.startedAt || b.id - a.id).map((run) => ({ run, view: viewRun(run, now, pendingMs(run)) }));
  const newest = views[0];
  const finished = views.find(
    ({ view }) =>
      view.lifecycle === 'not_running' && (view.disposition === 'succeeded' || view.disposition === 'failed') && !view.errors.some(isCancelledByUserError),
  );
  const latest = newest ? { startedAt: newest.run.startedAt, running: newest.view.lifecycle !== 'not_running' } : null;
  const lastOutcome = finished?.view.disposition === 'succeeded' || finished?.view.disposition === 'failed' ? finished.view.disposition : null;
  return freshnessOf({ schedule, paused, latest, lastOutcome, createdAt: now, now }).state;
}

export const flowFreshness = (db: MockDb, flow: FlowRecord): FreshnessState =>
  freshnessOfRuns(
    db.state.flowRuns.filter((run) => run.flow === flow.id),
    () => 0,
    flow,
    flow.paused,
    db.now(),
  );

export const workflowFreshness = (db: MockDb, workflow: WorkflowRecord): FreshnessState =>
  freshnessOfRuns(
    db.workflowRuns(workflow.id),
    workflowPendingMs,
    { frequency: workflow.frequency, cron: workflow.cron, timeZone: workflow.timeZone },
    !workflow.enabled,
    db.now(),
  );
