import { delay, HttpResponse, type HttpHandler } from 'msw';
import type { RunListItem } from '@/api/runs';
import { changesSignature, encodeChangesCursor, encodeRunsCursor, isAfter, type RunsPosition, type RunsQuery, runStatusOf } from '@/service-rules/runs-query';
import type { MockDb } from './db';
import { runEndsAt } from './progress';
import { dataResponse } from './responses';
import { type MockContext, route } from './route';
import { wireAttempt } from './serialize';
import { wireWorkflowRun } from './workflow-runs';

// The service's Runs list and run changes in memory: the same order, filters and cursors
// (src/service-rules/runs-query.ts) over the mock's flow and workflow runs.

type Row = RunListItem & { position: RunsPosition };

const micros = (ms: number) => BigInt(ms) * 1000n;

function allRuns(db: MockDb): Row[] {
  const now = db.now();
  const flows = db.state.flowRuns.map((run): Row => {
    const wire = wireAttempt(run, now);
    const rowsLoaded = (wire.resources ?? []).reduce((sum, resource) => sum + (resource.loaded ?? 0), 0);
    const item = {
      kind: 'flow' as const,
      id: run.id,
      number: run.number,
      flow: run.flow,
      workflow: null,
      name: db.flow(run.flow)?.displayName ?? '',
      trigger: run.trigger,
      lifecycle: wire.lifecycle,
      disposition: wire.disposition,
      createdAt: wire.createdAt,
      completedAt: wire.completedAt ?? null,
      rowsLoaded,
      waitingFor: wire.waitingFor ?? null,
    };
    return { ...item, position: { createdAtMicros: micros(run.startedAt), kind: 'flow', id: run.id } };
  });
  const workflows = db.state.workflowRuns.map((run): Row => {
    const wire = wireWorkflowRun(run, now);
    const item = {
      kind: 'workflow' as const,
      id: run.id,
      number: run.number ?? null,
      flow: null,
      workflow: run.workflow,
      name: db.workflow(run.workflow)?.name ?? '',
      trigger: run.trigger,
      lifecycle: wire.lifecycle,
      disposition: wire.disposition,
      createdAt: wire.createdAt,
      completedAt: wire.completedAt ?? null,
      rowsLoaded: wire.disposition === 'succeeded' ? run.resources.reduce((sum, resource) => sum + resource.rows, 0) : 0,
      waitingFor: wire.waitingFor ?? null,
    };
    return { ...item, position: { createdAtMicros: micros(run.startedAt), kind: 'workflow', id: run.id } };
  });
  return [...flows, ...workflows];
}

function matches(row: Row, query: RunsQuery): boolean {
  const onlyFlows = query.flow !== null && query.workflow === null;
  const onlyWorkflows = query.workflow !== null && query.flow === null;
  if (row.kind === 'flow' && (onlyWorkflows || (query.flow !== null && row.flow !== query.flow))) return false;
  if (row.kind === 'workflow' && (onlyFlows || (query.workflow !== null && row.workflow !== query.workflow))) return false;
  if (query.status && runStatusOf(row) !== query.status) return false;
  if (query.trigger && row.trigger !== query.trigger) return false;
  const created = Date.parse(row.createdAt);
  if (query.from && created < query.from.getTime()) return false;
  if (query.to && created >= query.to.getTime()) return false;
  return query.after === null || isAfter(row.position, query.after, query.order);
}

function withoutPosition(row: Row): RunListItem {
  const item: Partial<Row> = { ...row };
  delete item.position;
  return item as RunListItem;
}

const inOrder = (order: RunsQuery['order']) => (a: Row, b: Row) =>
  isAfter(a.position, b.position, order) ? 1 : isAfter(b.position, a.position, order) ? -1 : 0;

/** How often a waiting run-changes read looks again (the service's pace is 1 s; the mock's runs are short). */
const CHANGE_CHECK_MS = 250;

function runChanges(db: MockDb, since: bigint | null) {
  const now = db.now();
  const sinceMs = since === null ? null : Number(since / 1000n);
  const changedSince = (startedAt: number, endsAt: number) => sinceMs !== null && (startedAt > sinceMs || (endsAt > sinceMs && endsAt <= now));
  const flowRuns = db.state.flowRuns;
  const workflowRuns = db.state.workflowRuns;
  const unique = (ids: number[]) => [...new Set(ids)];
  return {
    changed: {
      flows: unique(flowRuns.filter((run) => changedSince(run.startedAt, runEndsAt(run))).map((run) => run.flow)),
      workflows: unique(workflowRuns.filter((run) => changedSince(run.startedAt, runEndsAt(run))).map((run) => run.workflow)),
    },
    active: {
      flows: unique(flowRuns.filter((run) => wireAttempt(run, now).lifecycle !== 'not_running').map((run) => run.flow)),
      workflows: unique(workflowRuns.filter((run) => wireWorkflowRun(run, now).lifecycle !== 'not_running').map((run) => run.workflow)),
    },
    next: encodeChangesCursor(micros(now)),
  };
}

export function runHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listRuns', ({ query }) => {
      const found = allRuns(db)
        .filter((row) => matches(row, query))
        .sort(inOrder(query.order));
      const page = found.slice(0, query.limit);
      const last = page.at(-1);
      const next = found.length > query.limit && last ? encodeRunsCursor(last.position, query.order) : null;
      return HttpResponse.json({ data: page.map(withoutPosition), next });
    }),

    route(context, 'getRunChanges', async ({ query: { since, waitSeconds }, request }) => {
      let answer = runChanges(db, since);
      if (since === null || waitSeconds === 0 || answer.changed.flows.length + answer.changed.workflows.length > 0) return dataResponse(answer);
      // As the service: hold the answer while nothing changes, until the wait is over or the page goes away.
      const first = changesSignature(answer);
      const deadline = Date.now() + waitSeconds * 1000;
      while (Date.now() < deadline && !request.signal.aborted) {
        await delay(Math.min(CHANGE_CHECK_MS, deadline - Date.now()));
        answer = runChanges(db, since);
        if (changesSignature(answer) !== first) break;
      }
      return dataResponse(answer);
    }),
  ];
}
