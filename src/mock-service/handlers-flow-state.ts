import type { HttpHandler } from 'msw';
import { resyncFlowInputSchema } from '@/api/flow-state';
import { flowAlreadyRunning, MESSAGES, noResourceLoaded, stateReset } from '@/api/messages';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { parseWith } from '@/service-rules/parse';
import { flowResources, flowState, resetTables } from './flow-tables';
import { dataResponse, messageResponse } from './responses';
import { idParam, type MockContext, readJson, route, type RouteInput } from './route';

// The state of a flow's tables (Flowdeck's additions), as the service answers it: one row per resource the
// flow loads; a reset forgets saved cursors and keeps the rows; a re-sync resets, then runs once replacing.

export function flowStateHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const findFlow = (input: RouteInput) => {
    const flow = db.flow(idParam(input));
    if (!flow) throw new NotFound();
    return flow;
  };
  return [
    route(context, 'getFlowState', (input) => dataResponse(flowState(db, findFlow(input)))),

    route(context, 'resetFlowState', (input) => {
      const flow = findFlow(input);
      const loads = flowResources(db, flow).map((resource) => resource.name);
      const named = input.url.searchParams.get('resource');
      if (named !== null && !loads.includes(named)) throw new NotFound();
      const reset = named === null ? loads : [named];
      resetTables(db, flow.id, reset);
      return messageResponse(stateReset(reset));
    }),

    route(context, 'resyncFlow', async (input) => {
      const flow = findFlow(input);
      const { resources } = parseWith(resyncFlowInputSchema, await readJson(input.request));
      const loads = flowResources(db, flow).map((resource) => resource.name);
      const unknown = (resources ?? []).filter((name) => !loads.includes(name));
      if (unknown.length > 0) throw new InvalidInput(noResourceLoaded(unknown));
      if (db.activeFlowRun(flow.id)) throw new Conflict(flowAlreadyRunning(flow.id));
      resetTables(db, flow.id, resources ?? loads);
      db.startFlowRun(flow.id, 'manual', resources ?? []);
      return messageResponse(MESSAGES.created, 201);
    }),
  ];
}
