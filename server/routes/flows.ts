import { doesNotExist, MESSAGES } from '@/api/messages';
import { DEFAULT_TIME_ZONE, NO_RETRIES } from '@/api/run-policy';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import { changesSchedule, scheduleAfter } from '@/service-rules/schedule';
import { flowStatusOnWire } from '@/service-rules/status';
import type { Handlers } from '../http/operations';
import { nextRunAt } from '../runs/schedule';
import type { Services } from '../services';
import { type AttemptRow, findAttempt, latestAttempt, listAttempts } from '../store/attempts';
import { findDestination } from '../store/destinations';
import {
  type ChangedFlowFields,
  deleteFlowRow,
  findFlow,
  type FlowFields,
  type FlowRow,
  insertFlow,
  listFlows,
  listFlowsWithRunFacts,
  updateFlowRow,
} from '../store/flows';
import { releaseTables, withDestinationFlows } from '../store/flow-tables';
import { findSource, sourceStore } from '../store/sources';
import { flowOnWire, type WireFlow } from '@/service-rules/wire';
import type { Freshness } from '@/service-rules/freshness';
import type { Page } from '@/service-rules/request-params';
import { freshnessOfFlows, freshnessOfFlowsWithFacts } from '../runs/freshness';
import { attemptOnWire, attemptStatus } from './attempts-wire';
import { flowTablesOnWire, tableFieldsOfNewFlow, tableFieldsOfUpdate } from './flow-tables';

// The hosted profile answers the hosted service's shapes: flows without `paused` and attempts without
// `number` (Flowdeck's additions, which a hosted client has never seen); its writers refuse `paused` and how
// a flow keeps its tables (the table's hostedBody).

const flowFields = (flow: FlowRow) => ({
  id: flow.id,
  displayName: flow.display_name,
  source: flow.source_id,
  destination: flow.destination_id,
  frequency: flow.frequency,
  cron: flow.cron,
  paused: flow.paused,
  // What the scheduler will do: a paused flow keeps its due time but will not run on it.
  nextRunAt: flow.paused ? null : flow.next_run_at,
  timeZone: flow.time_zone,
  retries: flow.retries,
});

export function flowHandlers(services: Services) {
  const { db, runs } = services;
  const hosted = services.profile === 'hosted';
  /** Flows on the wire, each with its freshness and its tables (Flowdeck's: the hosted shape leaves them out, so they are not worked out). */
  const onWire = async (flows: FlowRow[], freshness: Map<number, Freshness>): Promise<WireFlow[]> => {
    if (hosted) return flows.map((flow) => flowOnWire(flowFields(flow), 'hosted'));
    const sources = await sourceStore.findMany(
      db,
      flows.map((flow) => flow.source_id),
    );
    const sourceOf = (flow: FlowRow) => sources.find((source) => source.id === flow.source_id);
    return flows.map((flow) => flowOnWire(flowFields(flow), services.profile, freshness.get(flow.id)?.state ?? null, flowTablesOnWire(flow, sourceOf(flow))));
  };
  /** A flow on the wire with its freshness and tables. */
  const wireFlow = async (flow: FlowRow): Promise<WireFlow> => {
    const [wire] = await onWire([flow], hosted ? new Map<number, Freshness>() : await freshnessOfFlows(db, [flow]));
    if (!wire) throw new Error('A flow on the wire is missing.');
    return wire;
  };
  /** A page of the list: with its freshness, the flows and their run facts are read in one statement. */
  const wirePage = async (page: Page): Promise<WireFlow[]> => {
    if (hosted) return onWire(await listFlows(db, page), new Map<number, Freshness>());
    const { flows, facts } = await listFlowsWithRunFacts(db, page);
    return onWire(flows, freshnessOfFlowsWithFacts(flows, facts));
  };
  const wireAttempt = (attempt: AttemptRow) => attemptOnWire(attempt, services.profile);
  const find = async (id: number) => {
    const flow = await findFlow(db, id);
    if (!flow) throw new NotFound();
    return flow;
  };
  /** The source and destination a flow names must exist. */
  const endsOf = async (sourceId: number, destinationId: number) => {
    const source = await findSource(db, sourceId);
    if (!source) throw new InvalidInput(doesNotExist('Source', sourceId));
    const destination = await findDestination(db, destinationId);
    if (!destination) throw new InvalidInput(doesNotExist('Destination', destinationId));
    return { source, destination };
  };

  return {
    listFlows: async ({ query }) => ({ data: await wirePage(query) }),

    getFlow: async ({ params }) => ({ data: await wireFlow(await find(params.id)) }),

    createFlow: async ({ body: input }) => {
      const ends = await endsOf(input.source, input.destination);
      const schedule = scheduleAfter({ frequency: null, cron: null }, input);
      const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
      const flow = await withDestinationFlows(db, ends.destination.id, async (client) => {
        const fields: FlowFields = {
          displayName: input.displayName,
          sourceId: input.source,
          destinationId: input.destination,
          ...schedule,
          nextRunAt: nextRunAt({ ...schedule, timeZone }),
          timeZone,
          retries: input.retries ?? { ...NO_RETRIES },
          ...(await tableFieldsOfNewFlow(client, input, ends)),
        };
        return insertFlow(client, fields);
      });
      return { data: await wireFlow(flow) };
    },

    updateFlow: async ({ params, body: input }) => {
      const flow = await find(params.id);
      const sourceId = input.source ?? flow.source_id;
      const destinationId = input.destination ?? flow.destination_id;
      const schedule = scheduleAfter(flow, input);
      const timeZone = input.timeZone ?? flow.time_zone;
      // A resumed flow counts its next run from now: the runs it missed while paused do not pile up.
      const resumed = flow.paused && input.paused === false;
      const updated = await withDestinationFlows(db, destinationId, async (client) => {
        const tables = await tableFieldsOfUpdate(client, flow, input, await endsOf(sourceId, destinationId));
        const fields: ChangedFlowFields = {
          displayName: input.displayName ?? flow.display_name,
          sourceId,
          destinationId,
          ...schedule,
          nextRunAt: changesSchedule(input) || resumed ? nextRunAt({ ...schedule, timeZone }) : flow.next_run_at,
          timeZone,
          retries: input.retries ?? flow.retries,
          paused: input.paused ?? flow.paused,
          ...tables.fields,
        };
        // Its old tables are free for other flows; the next run claims the new ones.
        if (tables.moved) await releaseTables(client, flow.id);
        return updateFlowRow(client, flow.id, fields);
      });
      return { data: await wireFlow(updated) };
    },

    deleteFlow: async ({ params }) => {
      const flow = await find(params.id);
      await runs.cancelFlow(flow.id);
      await deleteFlowRow(db, flow.id);
      return { data: true };
    },

    runFlow: async ({ params }) => {
      const flow = await find(params.id);
      await runs.runFlow(flow.id, 'manual');
      return { message: MESSAGES.created };
    },

    listRunAttempts: async ({ params, query }) => {
      const flow = await find(params.id);
      const attempts = await listAttempts(db, flow.id, query);
      return { data: attempts.map((attempt) => wireAttempt(attempt)) };
    },

    getRunAttempt: async ({ params }) => {
      const flow = await find(params.id);
      const attempt = await findAttempt(db, params.attemptId);
      if (attempt?.flow_id !== flow.id) throw new NotFound();
      return { data: wireAttempt(attempt) };
    },

    cancelFlow: async ({ params }) => {
      const flow = await find(params.id);
      const cancelled = await runs.cancelFlow(flow.id);
      return { message: cancelled ? MESSAGES.flowRunCancelled : MESSAGES.flowNotRunning };
    },

    // The hosted profile answers exactly the hosted fields: Flowdeck's `lastAttempt` is left out too.
    getFlowStatus: async ({ params }) => {
      const flow = await find(params.id);
      const attempt = await latestAttempt(db, flow.id);
      const lastAttempt = hosted ? undefined : attempt ? wireAttempt(attempt) : null;
      return flowStatusOnWire(flow.id, attempt && attemptStatus(attempt), lastAttempt);
    },
  } satisfies Partial<Handlers>;
}
