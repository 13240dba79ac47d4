import type { HttpHandler } from 'msw';
import { createFlowInputSchema, type UpdateFlowInput, updateFlowInputSchema } from '@/api/flows';
import { isValidCron } from '@/lib/schedule';
import type { FlowRecord } from './records';
import { badRequest, dataResponse, messageResponse, notFound } from './responses';
import { idParam, intQuery, type MockContext, paginate, parseBody, readJson, route, type RouteInput } from './route';
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

    // Flowdeck's addition: the latest attempt of a flow, as the local service answers it.
    route(context, 'getFlowStatus', 'get', '/v2/flows/:id/status', 'key', (input) => {
      const flow = findFlow(context, input);
      const latest = db.state.flowRuns.filter((run) => run.flow === flow.id).sort((a, b) => b.startedAt - a.startedAt || b.id - a.id)[0];
      const lastAttempt = latest ? wireAttempt(latest, db.now()) : null;
      return dataResponse({ id: flow.id, lifecycle: lastAttempt?.lifecycle ?? 'not_running', disposition: lastAttempt?.disposition ?? 'none', lastAttempt });
    }),

    // Flowdeck's additions: create, change and delete a flow, with the local service's checks and messages.
    route(context, 'createFlow', 'post', '/v2/flows', 'key', async ({ request }) => {
      const input = parseBody(createFlowInputSchema, await readJson(request));
      const unscheduled = { displayName: input.displayName, source: input.source, destination: input.destination, frequency: 'manual', cron: null };
      const flow: FlowRecord = { id: Math.max(0, ...db.state.flows.map((item) => item.id)) + 1, ...flowFields(context, unscheduled, input) };
      db.state.flows.push(flow);
      return dataResponse(wireFlow(flow), 201);
    }),

    route(context, 'updateFlow', 'patch', '/v2/flows/:id', 'key', async (input) => {
      const flow = findFlow(context, input);
      Object.assign(flow, flowFields(context, flow, parseBody(updateFlowInputSchema, await readJson(input.request))));
      return dataResponse(wireFlow(flow));
    }),

    // A running attempt is cancelled first; the flow's history goes with it.
    route(context, 'deleteFlow', 'delete', '/v2/flows/:id', 'key', (input) => {
      const flow = findFlow(context, input);
      const run = db.activeFlowRun(flow.id);
      if (run) db.cancelRun(run);
      db.state.flows = db.state.flows.filter((item) => item.id !== flow.id);
      db.state.flowRuns = db.state.flowRuns.filter((item) => item.flow !== flow.id);
      return dataResponse(true);
    }),
  ];
}

type FlowFields = Omit<FlowRecord, 'id'>;

/** The fields after a write, checked like the service checks them. Cron wins; a frequency or an empty cron replaces a cron. */
function flowFields({ db }: MockContext, current: FlowFields, input: UpdateFlowInput): FlowFields {
  const source = input.source ?? current.source;
  const destination = input.destination ?? current.destination;
  if (!db.source(source)) throw badRequest(`Source ${String(source)} does not exist.`);
  if (!db.destination(destination)) throw badRequest(`Destination ${String(destination)} does not exist.`);
  const cron = input.cron?.trim() ?? '';
  if (cron && !isValidCron(cron)) throw badRequest(`cron: "${cron}" is not a valid cron expression.`);
  const scheduleChanged = input.frequency !== undefined || input.cron !== undefined;
  const schedule = cron
    ? { cron, frequency: null }
    : scheduleChanged
      ? { cron: null, frequency: input.frequency ?? 'manual' }
      : { cron: current.cron, frequency: current.frequency };
  return { displayName: input.displayName?.trim() ?? current.displayName, source, destination, ...schedule };
}
