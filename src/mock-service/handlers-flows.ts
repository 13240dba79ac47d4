import { type HttpHandler, HttpResponse } from 'msw';
import type { UpdateFlowInput } from '@/api/flows';
import { doesNotExist, flowAlreadyRunning, MESSAGES } from '@/api/messages';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { scheduleAfter } from '@/service-rules/schedule';
import { flowStatusOf } from '@/service-rules/status';
import type { FlowRecord } from './records';
import { dataResponse, messageResponse } from './responses';
import { type MockContext, paginate, route } from './route';
import { attemptStatus, wireAttempt, wireFlow } from './serialize';

function findFlow(context: MockContext, id: number): FlowRecord {
  const flow = context.db.flow(id);
  if (!flow) throw new NotFound();
  return flow;
}

export function flowHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  /** A flow's status from its newest attempt, as the service builds it. */
  const statusOf = (flowId: number) => {
    const latest = db.state.flowRuns.filter((run) => run.flow === flowId).sort((a, b) => b.startedAt - a.startedAt || b.id - a.id)[0];
    const now = db.now();
    return flowStatusOf(flowId, latest && attemptStatus(latest, now), latest ? wireAttempt(latest, now) : null);
  };
  return [
    route(context, 'listFlows', ({ query }) => dataResponse(paginate(db.state.flows, query).map((record) => wireFlow(db, record)))),
    route(context, 'getFlow', ({ params }) => dataResponse(wireFlow(db, findFlow(context, params.id)))),

    // Answers 201 ("created" in the interface) with `{ message }`; the run goes on in the background.
    route(context, 'runFlow', ({ params }) => {
      const flow = findFlow(context, params.id);
      if (db.activeFlowRun(flow.id)) throw new Conflict(flowAlreadyRunning(flow.id));
      db.startFlowRun(flow.id);
      return messageResponse(MESSAGES.created, 201);
    }),

    route(context, 'getRunAttempt', ({ params }) => {
      const flow = findFlow(context, params.id);
      const run = db.state.flowRuns.find((candidate) => candidate.id === params.attemptId && candidate.flow === flow.id);
      if (!run) throw new NotFound();
      return dataResponse(wireAttempt(run, db.now()));
    }),

    route(context, 'listRunAttempts', ({ params, query: { limit, offset, order } }) => {
      const flow = findFlow(context, params.id);
      const direction = order === 'ASC' ? 1 : -1;
      const now = db.now();
      const attempts = db.state.flowRuns
        .filter((run) => run.flow === flow.id)
        .sort((a, b) => direction * (a.startedAt - b.startedAt || a.id - b.id))
        .slice(offset, offset + limit)
        .map((run) => wireAttempt(run, now));
      return dataResponse(attempts);
    }),

    route(context, 'cancelFlow', ({ params }) => {
      const flow = findFlow(context, params.id);
      const run = db.activeFlowRun(flow.id);
      if (!run) return messageResponse(MESSAGES.flowNotRunning);
      db.cancelRun(run);
      return messageResponse(MESSAGES.flowRunCancelled);
    }),

    // The hosted service's flow status with Flowdeck's `lastAttempt`, by the service's rule.
    route(context, 'getFlowStatus', ({ params }) => HttpResponse.json(statusOf(findFlow(context, params.id).id))),

    // Flowdeck's addition: many statuses at once, flows that do not exist left out.
    route(context, 'listFlowStatuses', ({ query: { ids } }) => {
      return dataResponse(ids.filter((id) => db.state.flows.some((flow) => flow.id === id)).map(statusOf));
    }),

    // Flowdeck's additions: create, change and delete a flow, with the service's checks and messages.
    route(context, 'createFlow', ({ body: input }) => {
      const unscheduled = { displayName: input.displayName, source: input.source, destination: input.destination, frequency: null, cron: null, paused: false };
      const flow: FlowRecord = { id: Math.max(0, ...db.state.flows.map((item) => item.id)) + 1, ...flowFields(context, unscheduled, input) };
      db.state.flows.push(flow);
      return dataResponse(wireFlow(db, flow), 201);
    }),

    route(context, 'updateFlow', ({ params, body }) => {
      const flow = findFlow(context, params.id);
      Object.assign(flow, flowFields(context, flow, body));
      return dataResponse(wireFlow(db, flow));
    }),

    // A running attempt is cancelled first; the flow's history goes with it.
    route(context, 'deleteFlow', ({ params }) => {
      const flow = findFlow(context, params.id);
      const run = db.activeFlowRun(flow.id);
      if (run) db.cancelRun(run);
      db.state.flows = db.state.flows.filter((item) => item.id !== flow.id);
      db.state.flowRuns = db.state.flowRuns.filter((item) => item.flow !== flow.id);
      return dataResponse(true);
    }),
  ];
}

type FlowFields = Omit<FlowRecord, 'id'>;

/** The fields after a write, checked as the service checks them (the schedule by the shared rule). */
function flowFields({ db }: MockContext, current: FlowFields, input: UpdateFlowInput): FlowFields {
  const source = input.source ?? current.source;
  const destination = input.destination ?? current.destination;
  if (!db.source(source)) throw new InvalidInput(doesNotExist('Source', source));
  if (!db.destination(destination)) throw new InvalidInput(doesNotExist('Destination', destination));
  const schedule = scheduleAfter(current, { frequency: input.frequency, cron: input.cron });
  // The mock runs nothing on a schedule: pausing only changes what it answers.
  return { displayName: input.displayName ?? current.displayName, source, destination, ...schedule, paused: input.paused ?? current.paused };
}
