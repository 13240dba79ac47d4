import { type HttpHandler, HttpResponse } from 'msw';
import type { UpdateFlowInput } from '@/api/flows';
import { DEFAULT_TIME_ZONE, NO_RETRIES } from '@/api/run-policy';
import { doesNotExist, flowAlreadyRunning, MESSAGES } from '@/api/messages';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { scheduleAfter } from '@/service-rules/schedule';
import { flowStatusOnWire } from '@/service-rules/status';
import type { FlowFields as FlowFieldsOnly } from '@/service-rules/wire';
import { releaseTables, tableFieldsOfNewFlow, tableFieldsOfUpdate } from './flow-tables';
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
    return flowStatusOnWire(flowId, latest && attemptStatus(latest, now), latest ? wireAttempt(latest, now) : null);
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
      const fields = flowFields(context, unscheduled, input);
      const tables = tableFieldsOfNewFlow(db, input, endsOf(context, fields));
      const flow: FlowRecord = { id: Math.max(0, ...db.state.flows.map((item) => item.id)) + 1, ...fields, ...tables };
      db.state.flows.push(flow);
      return dataResponse(wireFlow(db, flow), 201);
    }),

    route(context, 'updateFlow', ({ params, body }) => {
      const flow = findFlow(context, params.id);
      const fields = flowFields(context, flow, body);
      const tables = tableFieldsOfUpdate(db, flow, body, endsOf(context, fields));
      Object.assign(flow, fields, tables.fields);
      // Its old tables are free for other flows; its next run claims the new ones.
      if (tables.moved) releaseTables(db, flow.id);
      return dataResponse(wireFlow(db, flow));
    }),

    // A running attempt is cancelled first; the flow's history goes with it.
    route(context, 'deleteFlow', ({ params }) => {
      const flow = findFlow(context, params.id);
      const run = db.activeFlowRun(flow.id);
      if (run) db.cancelRun(run);
      db.state.flows = db.state.flows.filter((item) => item.id !== flow.id);
      db.state.flowRuns = db.state.flowRuns.filter((item) => item.flow !== flow.id);
      db.state.flowTables = db.state.flowTables.filter((item) => item.flow !== flow.id);
      releaseTables(db, flow.id);
      return dataResponse(true);
    }),
  ];
}

type FlowFields = Omit<FlowFieldsOnly, 'id'>;

/** The source and destination a flow's fields name (flowFields has checked that both exist). */
function endsOf({ db }: MockContext, fields: FlowFields) {
  const source = db.source(fields.source);
  const destination = db.destination(fields.destination);
  if (!source || !destination) throw new NotFound();
  return { source, destination };
}

/** The fields after a write, checked as the service checks them (the schedule by the shared rule). */
function flowFields({ db }: MockContext, current: FlowFields, input: UpdateFlowInput): FlowFields {
  const source = input.source ?? current.source;
  const destination = input.destination ?? current.destination;
  if (!db.source(source)) throw new InvalidInput(doesNotExist('Source', source));
  if (!db.destination(destination)) throw new InvalidInput(doesNotExist('Destination', destination));
  const schedule = scheduleAfter(current, { frequency: input.frequency, cron: input.cron });
  // The mock runs nothing on a schedule: pausing only changes what it answers.
  return {
    displayName: input.displayName ?? current.displayName,
    source,
    destination,
    ...schedule,
    paused: input.paused ?? current.paused,
    timeZone: input.timeZone ?? current.timeZone ?? DEFAULT_TIME_ZONE,
    retries: { ...NO_RETRIES, ...(input.retries ?? current.retries) },
  };
}
