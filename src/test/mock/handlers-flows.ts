import type { HttpHandler } from 'msw';
import type { FlowRecord } from './records';
import { badRequest, dataResponse, messageResponse, notFound } from './responses';
import { idParam, intQuery, type MockContext, paginate, route, type RouteInput } from './route';
import { wireAttempt, wireFlow } from './serialize';

function findFlow(context: MockContext, input: RouteInput): FlowRecord {
  const flow = context.db.flow(idParam(input));
  if (!flow) throw notFound();
  return flow;
}

function orderParam(url: URL): 'ASC' | 'DESC' {
  const order = url.searchParams.get('order') ?? 'DESC';
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('Bad Request: order must be ASC or DESC.');
  return order;
}

export function flowHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listFlows', 'get', '/v2/flows', 'key', ({ url }) => dataResponse(paginate(db.state.flows, url).map(wireFlow))),

    // Answers 201 ("created" in the interface) with `{ message }`; the run goes on in the background.
    route(context, 'runFlow', 'post', '/v2/flows/:id/run', 'key', (input) => {
      const flow = findFlow(context, input);
      if (db.activeFlowRun(flow.id)) throw badRequest(`Flow ${String(flow.id)} is already running.`);
      db.startFlowRun(flow.id);
      return messageResponse('Flow run started.', 201);
    }),

    route(context, 'listRunAttempts', 'get', '/v2/flows/:id/run', 'key', (input) => {
      const flow = findFlow(context, input);
      const limit = intQuery(input.url, 'limit', 1, 1000, 100);
      const offset = intQuery(input.url, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
      const direction = orderParam(input.url) === 'ASC' ? 1 : -1;
      const now = db.now();
      const attempts = db.state.flowRuns
        .filter((run) => run.flow === flow.id)
        .sort((a, b) => direction * (a.startedAt - b.startedAt || a.id - b.id))
        .slice(offset, offset + limit)
        .map((run) => wireAttempt(run, now));
      return dataResponse(attempts);
    }),

    // The success body is undocumented; the mock answers `{ message }` like run does.
    route(context, 'cancelFlow', 'post', '/v2/flows/:id/cancel', 'key', (input) => {
      const flow = findFlow(context, input);
      const run = db.activeFlowRun(flow.id);
      if (!run) return messageResponse('Flow is not running.');
      db.cancelRun(run);
      return messageResponse('Flow run cancelled.');
    }),
  ];
}
