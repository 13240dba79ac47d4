import type { HttpHandler } from 'msw';
import type { WireRunSpan } from '@/service-rules/wire';
import { dataResponse } from './responses';
import { type MockContext, route } from './route';
import { wireAttempt } from './serialize';
import { wireWorkflowRun } from './workflow-runs';

const KIND_ORDER = { flow: 0, workflow: 1 } as const;

/** The service's timeline rule in memory: runs overlapping [from, to), by start, kind and id, paged. */
export function timelineHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listTimeline', ({ query: { from, to, limit, offset } }) => {
      const now = db.now();
      const spans: WireRunSpan[] = [
        ...db.state.flowRuns.map((run): WireRunSpan => {
          const { id, flow, number, trigger, lifecycle, disposition, errors, createdAt, completedAt } = wireAttempt(run, now);
          return { kind: 'flow', owner: flow, id, number, trigger, lifecycle, disposition, errors: errors ?? [], createdAt, completedAt };
        }),
        ...db.state.workflowRuns.map((run): WireRunSpan => {
          const { id, workflow, trigger, lifecycle, disposition, errors, createdAt, completedAt } = wireWorkflowRun(run, now);
          return { kind: 'workflow', owner: workflow, id, number: null, trigger, lifecycle, disposition, errors, createdAt, completedAt };
        }),
      ];
      const inWindow = spans
        .filter((span) => Date.parse(span.createdAt) < to.getTime() && (!span.completedAt || Date.parse(span.completedAt) >= from.getTime()))
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id);
      return dataResponse(inWindow.slice(offset, offset + limit));
    }),
  ];
}
