import { Hono } from 'hono';
import type { AuthVariables } from '../http/auth';
import { badRequest, notFound } from '../http/errors';
import { idParam, orderParam, pageParams, parseWith, readJson } from '../http/validate';
import { createFlowInputSchema, updateFlowInputSchema } from '@/api/flows';
import { cronProblem, nextRunAt } from '../runs/schedule';
import type { Services } from '../services';
import { latestAttempt, listAttempts } from '../store/attempts';
import { findDestination } from '../store/destinations';
import { deleteFlowRow, findFlow, type FlowFields, type FlowRow, insertFlow, listFlows, updateFlowRow } from '../store/flows';
import { findSource } from '../store/sources';
import type { WireFlow } from '../wire';
import { wireAttempt } from './attempts-wire';
import { RUN_CREATED } from './run-answers';
import { flowStatus } from './status-wire';

/** A listed flow carries either `frequency` or `cron`. */
function wireFlow(flow: FlowRow): WireFlow {
  const { id, display_name: displayName, source_id: source, destination_id: destination } = flow;
  return flow.cron
    ? { id, displayName, source, destination, cron: flow.cron }
    : { id, displayName, source, destination, frequency: flow.frequency ?? 'manual' };
}

async function checkedFields(services: Services, fields: Omit<FlowFields, 'nextRunAt'>): Promise<FlowFields> {
  if (!(await findSource(services.db, fields.sourceId))) throw badRequest(`Source ${String(fields.sourceId)} does not exist.`);
  if (!(await findDestination(services.db, fields.destinationId))) throw badRequest(`Destination ${String(fields.destinationId)} does not exist.`);
  const cron = fields.cron?.trim() ? fields.cron.trim() : null;
  if (cron) {
    const problem = cronProblem(cron);
    if (problem) throw badRequest(`cron: ${problem}`);
  }
  const schedule = { frequency: cron ? null : (fields.frequency ?? 'manual'), cron };
  return { ...fields, ...schedule, nextRunAt: nextRunAt(schedule) };
}

export function flowRoutes(services: Services) {
  const { db, runs } = services;
  const requireFlow = async (id: number) => {
    const flow = await findFlow(db, id);
    if (!flow) throw notFound();
    return flow;
  };
  return new Hono<{ Variables: AuthVariables }>()
    .get('/', async (c) => c.json({ data: (await listFlows(db, pageParams(c))).map(wireFlow) }))
    .post('/', async (c) => {
      const input = parseWith(createFlowInputSchema, await readJson(c));
      const fields = await checkedFields(services, {
        displayName: input.displayName,
        sourceId: input.source,
        destinationId: input.destination,
        frequency: input.frequency ?? null,
        cron: input.cron ?? null,
      });
      return c.json({ data: wireFlow(await insertFlow(db, fields)) }, 201);
    })
    .patch('/:id', async (c) => {
      const flow = await requireFlow(idParam(c));
      const input = parseWith(updateFlowInputSchema, await readJson(c));
      const scheduleChanged = input.frequency !== undefined || input.cron !== undefined;
      const fields = await checkedFields(services, {
        displayName: input.displayName ?? flow.display_name,
        sourceId: input.source ?? flow.source_id,
        destinationId: input.destination ?? flow.destination_id,
        // Setting a frequency replaces a cron; an empty cron clears it.
        frequency: input.frequency ?? (scheduleChanged ? null : flow.frequency),
        cron: input.cron ?? (input.frequency !== undefined ? null : flow.cron),
      });
      return c.json({ data: wireFlow(await updateFlowRow(db, flow.id, scheduleChanged ? fields : { ...fields, nextRunAt: flow.next_run_at })) });
    })
    .delete('/:id', async (c) => {
      const flow = await requireFlow(idParam(c));
      await runs.cancelFlow(flow.id);
      await deleteFlowRow(db, flow.id);
      return c.json({ data: true });
    })
    .post('/:id/run', async (c) => {
      const flow = await requireFlow(idParam(c));
      await runs.runFlow(flow.id, 'manual');
      return c.json({ message: RUN_CREATED }, 201);
    })
    .get('/:id/run', async (c) => {
      const flow = await requireFlow(idParam(c));
      const attempts = await listAttempts(db, flow.id, { ...pageParams(c), order: orderParam(c) });
      return c.json({ data: attempts.map(wireAttempt) });
    })
    .post('/:id/cancel', async (c) => {
      const flow = await requireFlow(idParam(c));
      const cancelled = await runs.cancelFlow(flow.id);
      return c.json({ message: cancelled ? 'Flow run cancelled.' : 'Flow is not running.' });
    })
    .get('/:id/status', async (c) => {
      const flow = await requireFlow(idParam(c));
      return c.json(flowStatus(flow.id, await latestAttempt(db, flow.id), services.profile === 'hosted'));
    });
}
