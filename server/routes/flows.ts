import type { Context } from 'hono';
import { createFlowInputSchema, updateFlowInputSchema } from '@/api/flows';
import { MESSAGES } from '@/api/messages';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import { parseWith } from '@/service-rules/parse';
import { changesSchedule, scheduleAfter } from '@/service-rules/schedule';
import { flowStatusOf } from '@/service-rules/status';
import type { Handlers } from '../http/operations';
import { idParam, orderParam, pageParams, readJson } from '../http/validate';
import { nextRunAt } from '../runs/schedule';
import type { Services } from '../services';
import { latestAttempt, listAttempts } from '../store/attempts';
import { findDestination } from '../store/destinations';
import { deleteFlowRow, findFlow, type FlowFields, type FlowRow, insertFlow, listFlows, updateFlowRow } from '../store/flows';
import { findSource } from '../store/sources';
import { flowOnWire, type WireFlow } from '@/service-rules/wire';
import { attemptStatus, wireAttempt } from './attempts-wire';

const wireFlow = (flow: FlowRow): WireFlow =>
  flowOnWire({
    id: flow.id,
    displayName: flow.display_name,
    source: flow.source_id,
    destination: flow.destination_id,
    frequency: flow.frequency,
    cron: flow.cron,
  });

export function flowHandlers(services: Services) {
  const { db, runs } = services;
  const find = async (c: Context) => {
    const flow = await findFlow(db, idParam(c));
    if (!flow) throw new NotFound();
    return flow;
  };
  /** The source and destination a flow names must exist. */
  const checkEnds = async (sourceId: number, destinationId: number) => {
    if (!(await findSource(db, sourceId))) throw new InvalidInput(`Source ${String(sourceId)} does not exist.`);
    if (!(await findDestination(db, destinationId))) throw new InvalidInput(`Destination ${String(destinationId)} does not exist.`);
  };

  return {
    listFlows: async (c) => c.json({ data: (await listFlows(db, pageParams(c))).map(wireFlow) }),

    createFlow: async (c) => {
      const input = parseWith(createFlowInputSchema, await readJson(c));
      await checkEnds(input.source, input.destination);
      const schedule = scheduleAfter({ frequency: null, cron: null }, input);
      const fields: FlowFields = {
        displayName: input.displayName,
        sourceId: input.source,
        destinationId: input.destination,
        ...schedule,
        nextRunAt: nextRunAt(schedule),
      };
      return c.json({ data: wireFlow(await insertFlow(db, fields)) }, 201);
    },

    updateFlow: async (c) => {
      const flow = await find(c);
      const input = parseWith(updateFlowInputSchema, await readJson(c));
      const sourceId = input.source ?? flow.source_id;
      const destinationId = input.destination ?? flow.destination_id;
      await checkEnds(sourceId, destinationId);
      const schedule = scheduleAfter(flow, input);
      const fields: FlowFields = {
        displayName: input.displayName ?? flow.display_name,
        sourceId,
        destinationId,
        ...schedule,
        nextRunAt: changesSchedule(input) ? nextRunAt(schedule) : flow.next_run_at,
      };
      return c.json({ data: wireFlow(await updateFlowRow(db, flow.id, fields)) });
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
      return c.json({ data: attempts.map(wireAttempt) });
    },

    cancelFlow: async (c) => {
      const flow = await find(c);
      const cancelled = await runs.cancelFlow(flow.id);
      return c.json({ message: cancelled ? MESSAGES.flowRunCancelled : MESSAGES.flowNotRunning });
    },

    // The hosted profile answers exactly the hosted fields: Flowdeck's `lastAttempt` is left out.
    getFlowStatus: async (c) => {
      const flow = await find(c);
      const attempt = await latestAttempt(db, flow.id);
      const lastAttempt = services.profile === 'hosted' ? undefined : attempt ? wireAttempt(attempt) : null;
      return c.json(flowStatusOf(flow.id, attempt && attemptStatus(attempt), lastAttempt));
    },
  } satisfies Partial<Handlers>;
}
