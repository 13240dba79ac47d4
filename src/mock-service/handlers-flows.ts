import { type HttpHandler, HttpResponse } from 'msw';
import { createFlowInputSchema, type UpdateFlowInput, updateFlowInputSchema } from '@/api/flows';
import { isValidCron } from '@/lib/schedule';
import type { FlowRecord } from './records';
import { badRequest, dataResponse, messageResponse, notFound } from './responses';
import { idParam, intQuery, type MockContext, paginate, parseBody, readJson, route, type RouteInput } from './route';
import { wireAttempt, wireFlow } from './serialize';
import type { WireRunAttempt } from './wire';

function findFlow(context: MockContext, input: RouteInput): FlowRecord {
  const flow = context.db.flow(idParam(input));
  if (!flow) throw notFound();
  return flow;
}

/** `sort` (the hosted documentation's name) or `order`, any case; both given must agree. */
function orderParam(url: URL): 'ASC' | 'DESC' {
  const given = ['sort', 'order'].flatMap((name): ('ASC' | 'DESC')[] => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === '') return [];
    const value = raw.toUpperCase();
    if (value !== 'ASC' && value !== 'DESC') throw badRequest(`Bad Request: ${name} must be asc or desc.`);
    return [value];
  });
  if (given.length === 2 && given[0] !== given[1]) throw badRequest('Bad Request: sort and order disagree.');
  return given[0] ?? 'DESC';
}

/** The hosted shape, unwrapped and UPPERCASE, with the local service's `lastAttempt` beside it. */
function wireFlowStatus(flowId: number, lastAttempt: WireRunAttempt | null) {
  const errors = lastAttempt?.errors ?? [];
  return {
    id: flowId,
    lifecycle: (lastAttempt?.lifecycle ?? 'not_running').toUpperCase(),
    disposition: (lastAttempt?.disposition ?? 'none').toUpperCase(),
    resources: (lastAttempt?.resources ?? []).map((resource) => ({ ...resource, errors: errors.filter((error) => error.startsWith(`${resource.name}:`)) })),
    errors: errors.length > 0 ? errors : null,
    completedAt: lastAttempt?.completedAt ?? null,
    lastAttempt,
  };
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
      return messageResponse('Created', 201);
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

    // The hosted service's flow status, as the local service answers it.
    route(context, 'getFlowStatus', 'get', '/v2/flows/:id/status', 'key', (input) => {
      const flow = findFlow(context, input);
      const latest = db.state.flowRuns.filter((run) => run.flow === flow.id).sort((a, b) => b.startedAt - a.startedAt || b.id - a.id)[0];
      return HttpResponse.json(wireFlowStatus(flow.id, latest ? wireAttempt(latest, db.now()) : null));
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
