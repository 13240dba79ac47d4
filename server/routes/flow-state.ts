import { MESSAGES, stateReset } from '@/api/messages';
import type { FlowTableState } from '@/api/tables';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import { effectiveNamespace, qualifiedTable, targetTable } from '@/service-rules/flow-tables';
import { isoOrNull } from '@/service-rules/wire';
import type { Handlers } from '../http/operations';
import { flowResources } from '../runs/flow-resources';
import type { Services } from '../services';
import { findDestination } from '../store/destinations';
import { flowTables, resetFlowTables } from '../store/flow-tables';
import { findFlow } from '../store/flows';
import { findSource } from '../store/sources';

// The state of a flow's tables (Flowdeck's additions): one row per resource the flow loads with its
// saved cursor; reset (forget cursors, keep rows) and re-sync (forget, then one run that replaces).

const quotedList = (names: readonly string[]) => names.map((name) => `“${name}”`).join(', ');

export function flowStateHandlers(services: Services) {
  const { db, runs } = services;

  /** The flow and the resources it loads, each with its effective mode and target table. */
  const tablesOf = async (flowId: number) => {
    const flow = await findFlow(db, flowId);
    if (!flow) throw new NotFound();
    const source = await findSource(db, flow.source_id);
    const destination = await findDestination(db, flow.destination_id);
    const namespace = destination ? effectiveNamespace(flow.namespace, destination.spec, destination.properties) : (flow.namespace ?? '');
    const resources = flowResources(flow, source).map((resource) => ({
      ...resource,
      table: qualifiedTable(namespace, targetTable(flow.table_prefix, resource.name)),
    }));
    return { flow, resources };
  };

  return {
    getFlowState: async ({ params }) => {
      const { flow, resources } = await tablesOf(params.id);
      const saved = new Map((await flowTables(db, flow.id)).map((row) => [row.resource, row]));
      const data = resources.map((resource): FlowTableState => {
        const row = saved.get(resource.name);
        const cursor = row?.cursor;
        return {
          resource: resource.name,
          table: resource.table,
          syncMode: resource.syncMode,
          cursorField: resource.cursorField,
          primaryKey: resource.primaryKey,
          cursor: typeof cursor === 'string' || typeof cursor === 'number' ? cursor : cursor == null ? null : JSON.stringify(cursor),
          updatedAt: isoOrNull(row?.cursor_updated_at ?? null),
          columns: row?.columns ?? null,
          schemaChange: row?.schema_change ?? null,
        };
      });
      return { data };
    },

    resetFlowState: async ({ params, query }) => {
      const { flow, resources } = await tablesOf(params.id);
      const named = query.resource;
      if (named !== undefined && !resources.some((resource) => resource.name === named)) throw new NotFound();
      const reset = named === undefined ? resources.map((resource) => resource.name) : [named];
      await resetFlowTables(db, flow.id, reset);
      return { message: stateReset(reset) };
    },

    resyncFlow: async ({ params, body: input }) => {
      const { flow, resources } = await tablesOf(params.id);
      const unknown = (input.resources ?? []).filter((name) => !resources.some((resource) => resource.name === name));
      if (unknown.length > 0) throw new InvalidInput(`This flow loads no resource named ${quotedList(unknown)}.`);
      await runs.resyncFlow(flow.id, input.resources ?? null, input.resources ?? resources.map((resource) => resource.name));
      return { message: MESSAGES.created };
    },
  } satisfies Partial<Handlers>;
}
