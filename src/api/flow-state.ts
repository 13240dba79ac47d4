import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, listOf, messageResponseSchema, type MessageResponse, runResponseSchema } from './common';
import { type FlowTableState, flowTableStateSchema } from './tables';

// Flowdeck's additions: the state of a flow's tables (the saved cursor of each resource it loads), reset
// it, or re-sync (reset and run once, replacing the tables). Left out by the hosted profile.

/** Re-sync some resources by name, or (none named) every resource the flow loads. */
export const resyncFlowInputSchema = z.strictObject({
  resources: z.array(z.string().min(1).max(200)).min(1, 'Name at least one resource, or leave resources out to re-sync them all.').max(1000).optional(),
});
export type ResyncFlowInput = z.input<typeof resyncFlowInputSchema>;

/** GET /v2/flows/{id}/state: one row per resource the flow loads, whether it has state yet or not. */
export function getFlowState(id: number, options: CallOptions = {}): Promise<FlowTableState[]> {
  return callOperation('getFlowState', 'GET /flows/{id}/state', { params: { id }, schema: dataOf(listOf(flowTableStateSchema)) }, options);
}

/**
 * DELETE /v2/flows/{id}/state[?resource=NAME]: forgets the saved cursor of one resource (or of all), so
 * the next run reads everything; the tables keep their rows. 404 for a resource the flow does not load.
 */
export function resetFlowState(id: number, resource?: string, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('resetFlowState', 'DELETE /flows/{id}/state', { params: { id }, query: { resource }, schema: messageResponseSchema }, options);
}

/**
 * POST /v2/flows/{id}/resync: resets the state of the resources named (all when none) and starts a run
 * that reads them in full and replaces their tables; 201 `{ "message": "Created" }`, 400 while running.
 */
export async function resyncFlow(id: number, input: ResyncFlowInput = {}, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation(
    'resyncFlow',
    'POST /flows/{id}/resync',
    { params: { id }, body: writeBody(resyncFlowInputSchema, input), schema: runResponseSchema },
    options,
  );
}
