import type { Context } from 'hono';
import { type CreateFlowInput, createFlowInputSchema, type UpdateFlowInput, updateFlowInputSchema } from '@/api/flows';
import { doesNotExist, MESSAGES } from '@/api/messages';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import { parseWith } from '@/service-rules/parse';
import { changesSchedule, scheduleAfter } from '@/service-rules/schedule';
import { flowStatusOf } from '@/service-rules/status';
import type { Handlers } from '../http/operations';
import { idParam, orderParam, pageParams, readJson } from '../http/validate';
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
import { releaseTables } from '../store/flow-tables';
import { findSource, sourceStore } from '../store/sources';
import { flowOnWire, type WireFlow } from '@/service-rules/wire';
import type { Freshness } from '@/service-rules/freshness';
import type { Page } from '@/service-rules/request-params';
import { freshnessOfFlows, freshnessOfFlowsWithFacts } from '../runs/freshness';
import { attemptOnWire, attemptStatus } from './attempts-wire';
import { flowTablesOnWire, tableFieldsOfNewFlow, tableFieldsOfUpdate } from './flow-tables';

// The hosted profile answers the hosted service's shapes: flows without `paused` and attempts without
// `number` (Flowdeck's additions, which a hosted client has never seen), and its PATCH refuses `paused`
// as a service that cannot pause would, rather than accept a change it then does not show.
// How a flow keeps its tables is Flowdeck's too: the hosted profile's writers refuse those fields.
const TABLE_FIELDS = { namespace: true, tablePrefix: true, schemaChanges: true, resources: true } as const;
const hostedCreateFlowInputSchema = createFlowInputSchema.omit(TABLE_FIELDS);
const hostedUpdateFlowInputSchema = updateFlowInputSchema.omit({ paused: true, ...TABLE_FIELDS });

const flowFields = (flow: FlowRow) => ({
  id: flow.id,
  displayName: flow.display_name,
  source: flow.source_id,
  destination: flow.destination_id,
  frequency: flow.frequency,
  cron: flow.cron,
  paused: flow.paused,
});

export function flowHandlers(services: Services) {
  const { db, runs } = services;
  const hosted = services.profile === 'hosted';
  /** Flows on the wire, each with its freshness and its tables (Flowdeck's: the hosted shape leaves them out, so they are not worked out). */
  const onWire = async (flows: FlowRow[], freshness: Map<number, Freshness>): Promise<WireFlow[]> => {
    if (hosted) return flows.map((flow) => flowOnWire(flowFields(flow), 'hosted'));
    const sources = new Map(
      (
        await sourceStore.findMany(
          db,
          flows.map((flow) => flow.source_id),
        )
      ).map((source) => [source.id, source]),
    );
    return flows.map((flow) =>
      flowOnWire(flowFields(flow), services.profile, freshness.get(flow.id)?.state ?? null, flowTablesOnWire(flow, sources.get(flow.source_id))),
    );
  };
  const wireFlows = async (flows: FlowRow[]): Promise<WireFlow[]> => onWire(flows, hosted ? new Map<number, Freshness>() : await freshnessOfFlows(db, flows));
  const wireFlow = async (flow: FlowRow): Promise<WireFlow | undefined> => (await wireFlows([flow]))[0];
  /** A page of the list: with its freshness, the flows and their run facts are read in one statement. */
  const wirePage = async (page: Page): Promise<WireFlow[]> => {
    if (hosted) return onWire(await listFlows(db, page), new Map<number, Freshness>());
    const { flows, facts } = await listFlowsWithRunFacts(db, page);
    return onWire(flows, freshnessOfFlowsWithFacts(flows, facts));
  };
  const wireAttempt = (attempt: AttemptRow) => attemptOnWire(attempt, services.profile);
  const find = async (c: Context) => {
    const flow = await findFlow(db, idParam(c));
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
    listFlows: async (c) => c.json({ data: await wirePage(pageParams(c)) }),

    createFlow: async (c) => {
      const input: CreateFlowInput = parseWith(hosted ? hostedCreateFlowInputSchema : createFlowInputSchema, await readJson(c));
      const ends = await endsOf(input.source, input.destination);
      const schedule = scheduleAfter({ frequency: null, cron: null }, input);
      const fields: FlowFields = {
        displayName: input.displayName,
        sourceId: input.source,
        destinationId: input.destination,
        ...schedule,
        nextRunAt: nextRunAt(schedule),
        ...(await tableFieldsOfNewFlow(db, input, ends)),
      };
      return c.json({ data: await wireFlow(await insertFlow(db, fields)) }, 201);
    },

    updateFlow: async (c) => {
      const flow = await find(c);
      const input: UpdateFlowInput = parseWith(hosted ? hostedUpdateFlowInputSchema : updateFlowInputSchema, await readJson(c));
      const sourceId = input.source ?? flow.source_id;
      const destinationId = input.destination ?? flow.destination_id;
      const tables = await tableFieldsOfUpdate(db, flow, input, await endsOf(sourceId, destinationId));
      const schedule = scheduleAfter(flow, input);
      // A resumed flow counts its next run from now: the runs it missed while paused do not pile up.
      const resumed = flow.paused && input.paused === false;
      const fields: ChangedFlowFields = {
        displayName: input.displayName ?? flow.display_name,
        sourceId,
        destinationId,
        ...schedule,
        nextRunAt: changesSchedule(input) || resumed ? nextRunAt(schedule) : flow.next_run_at,
        paused: input.paused ?? flow.paused,
        ...tables.fields,
      };
      const updated = await updateFlowRow(db, flow.id, fields);
      // Its old tables are free for other flows; the next run claims the new ones.
      if (tables.moved) await releaseTables(db, flow.id);
      return c.json({ data: await wireFlow(updated) });
    },

    deleteFlow: async (c) => {
      const flow = await find(c);
      await runs.cancelFlow(flow.id);
      await deleteFlowRow(db, flow.id);
      return c.json({ data: true });
    },

    runFlow: async (c) => {
      const flow = await find(c);
      await runs.runFlow(flow.id, 'manual');
      return c.json({ message: MESSAGES.created }, 201);
    },

    listRunAttempts: async (c) => {
      const flow = await find(c);
      const attempts = await listAttempts(db, flow.id, { ...pageParams(c), order: orderParam(c) });
      return c.json({ data: attempts.map((attempt) => wireAttempt(attempt)) });
    },

    getRunAttempt: async (c) => {
      const flow = await find(c);
      const attempt = await findAttempt(db, idParam(c, 'attemptId'));
      if (attempt?.flow_id !== flow.id) throw new NotFound();
      return c.json({ data: wireAttempt(attempt) });
    },

    cancelFlow: async (c) => {
      const flow = await find(c);
      const cancelled = await runs.cancelFlow(flow.id);
      return c.json({ message: cancelled ? MESSAGES.flowRunCancelled : MESSAGES.flowNotRunning });
    },

    // The hosted profile answers exactly the hosted fields: Flowdeck's `lastAttempt` is left out too.
    getFlowStatus: async (c) => {
      const flow = await find(c);
      const attempt = await latestAttempt(db, flow.id);
      const lastAttempt = hosted ? undefined : attempt ? wireAttempt(attempt) : null;
      return c.json(flowStatusOf(flow.id, attempt && attemptStatus(attempt), lastAttempt));
    },
  } satisfies Partial<Handlers>;
}
