import type { HttpHandler } from 'msw';
import { flowAlreadyRunning, MESSAGES, noResourceLoaded, stateReset } from '@/api/messages';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { flowResources, flowState, resetTables } from './flow-tables';
import { dataResponse, messageResponse } from './responses';
import { type MockContext, route } from './route';

// The state of a flow's tables (Flowdeck's additions), as the service answers it: one row per resource the
// flow loads; a reset forgets saved cursors and keeps the rows; a re-sync resets, then runs once replacing.

export function flowStateHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const findFlow = (id: number) => {
    const flow = db.flow(id);
    if (!flow) throw new NotFound();
    return flow;
  };
  return [
    route(context, 'getFlowState', ({ params }) => dataResponse(flowState(db, findFlow(params.id)))),

    route(context, 'resetFlowState', ({ params, query }) => {
      const flow = findFlow(params.id);
      const loads = flowResources(db, flow).map((resource) => resource.name);
      if (query.resource !== undefined && !loads.includes(query.resource)) throw new NotFound();
      const reset = query.resource === undefined ? loads : [query.resource];
      resetTables(db, flow.id, reset);
      return messageResponse(stateReset(reset));
    }),

    route(context, 'resyncFlow', ({ params, body }) => {
      const flow = findFlow(params.id);
      const loads = flowResources(db, flow).map((resource) => resource.name);
      const unknown = (body.resources ?? []).filter((name) => !loads.includes(name));
      if (unknown.length > 0) throw new InvalidInput(noResourceLoaded(unknown));
      if (db.activeFlowRun(flow.id)) throw new Conflict(flowAlreadyRunning(flow.id));
      resetTables(db, flow.id, body.resources ?? loads);
      db.startFlowRun(flow.id, 'manual', body.resources ?? []);
      return messageResponse(MESSAGES.created, 201);
    }),
  ];
}
