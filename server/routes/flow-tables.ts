import type { CreateFlowInput, UpdateFlowInput } from '@/api/flows';
import {
  effectiveNamespace,
  mergedModes,
  newFlowNamespace,
  reservedNamespaces,
  type ResourceMode,
  resourceModeOf,
  targetTable,
} from '@/service-rules/flow-tables';
import { refuseReservedNamespace, refuseSharedTable } from '@/service-rules/table-claims';
import { checkResourceModes } from '@/service-rules/table-modes';
import type { FlowTablesOnWire } from '@/service-rules/wire';
import type { Queryable } from '../db/pool';
import { factsOf, flowResources, knownResources, loadedResources } from '../runs/flow-resources';
import type { DestinationRow } from '../store/destinations';
import { tablesClaimedByOthers } from '../store/flow-tables';
import { flowsOfDestination, type FlowRow, type FlowTableFields } from '../store/flows';
import { type SourceRow, sourceStore } from '../store/sources';

// How a flow keeps its tables, as a create or an update sets it: the modes the source and the destination
// can honour (src/service-rules/table-modes.ts), a new flow's own namespace, and no table another flow of
// the destination writes. Everything is judged when the flow is saved, never found out at run time.

interface Ends {
  source: SourceRow;
  destination: DestinationRow;
}

const namespaceOf = (namespace: string | null, destination: DestinationRow) => effectiveNamespace(namespace, destination.spec, destination.properties);

/** 400 for a namespace the destination cannot have (reservedNamespaces), as the mock judges it. */
const checkNamespace = (namespace: string | null, destination: DestinationRow) => {
  refuseReservedNamespace(namespace, destination.spec, destination.properties);
};

function checkModes(modes: readonly ResourceMode[], { source, destination }: Ends): void {
  checkResourceModes(modes, {
    sourceSpec: source.spec,
    sourceProperties: source.properties,
    destinationSpec: destination.spec,
    knownResources: knownResources(source),
    facts: factsOf(source),
  });
}

/**
 * 400 naming the other flow when this one would write a table it writes: one it has claimed in the
 * registry, or one its source's resources (turned on) would give under the same namespace.
 */
async function checkNoSharedTable(
  db: Queryable,
  flowId: number | null,
  table: { namespace: string; prefix: string; resources: readonly string[] },
  ends: Ends,
) {
  const { destination } = ends;
  const targets = table.resources.map((resource) => targetTable(table.prefix, resource));
  if (targets.length === 0) return;
  const claims = (await tablesClaimedByOthers(db, { destinationId: destination.id, namespace: table.namespace, tables: targets, flowId })).map((claim) => ({
    flow: { id: claim.id, displayName: claim.display_name },
    table: claim.table_name,
  }));
  const others = (await flowsOfDestination(db, destination.id)).filter(
    (other) => other.id !== flowId && namespaceOf(other.namespace, destination) === table.namespace,
  );
  const sources = new Map(
    (
      await sourceStore.findMany(
        db,
        others.map((other) => other.source_id),
      )
    ).map((source) => [source.id, source]),
  );
  const writers = others.map((other) => {
    const source = sources.get(other.source_id);
    return { flow: { id: other.id, displayName: other.display_name }, tablePrefix: other.table_prefix, resources: source ? loadedResources(source) : null };
  });
  refuseSharedTable({ namespace: table.namespace, tablePrefix: table.prefix, resources: table.resources }, claims, writers);
}

/** The resources the checks judge: those the flow loads, or (its source not discovered yet) those it lists. */
const judged = (source: SourceRow, modes: readonly ResourceMode[]) => loadedResources(source) ?? modes.map((mode) => mode.name);

/** A new flow's table fields: its own namespace unless it names one (null: the destination's default). */
export async function tableFieldsOfNewFlow(db: Queryable, input: CreateFlowInput, ends: Ends): Promise<FlowTableFields> {
  const modes = (input.resources ?? []).map(resourceModeOf);
  checkModes(modes, ends);
  const taken = (await flowsOfDestination(db, ends.destination.id)).map((flow) => namespaceOf(flow.namespace, ends.destination));
  const reserved = reservedNamespaces(ends.destination.spec, ends.destination.properties);
  const namespace = input.namespace !== undefined ? input.namespace : newFlowNamespace(input.displayName.trim(), [...taken, ...reserved]);
  checkNamespace(namespace, ends.destination);
  const prefix = input.tablePrefix ?? '';
  await checkNoSharedTable(db, null, { namespace: namespaceOf(namespace, ends.destination), prefix, resources: judged(ends.source, modes) }, ends);
  return { namespace, tablePrefix: prefix, schemaChanges: input.schemaChanges ?? 'propagate', resourceModes: modes };
}

/**
 * A flow's table fields after an update: the resources it names change, the others keep their modes.
 * `moved`: it now writes other tables (another destination, namespace or prefix).
 */
export async function tableFieldsOfUpdate(
  db: Queryable,
  flow: FlowRow,
  input: UpdateFlowInput,
  ends: Ends,
): Promise<{ fields: FlowTableFields; moved: boolean }> {
  const modes = input.resources ? mergedModes(flow.resource_modes, input.resources.map(resourceModeOf)) : flow.resource_modes;
  const namespace = input.namespace !== undefined ? input.namespace : flow.namespace;
  const prefix = input.tablePrefix ?? flow.table_prefix;
  const newSource = ends.source.id !== flow.source_id;
  const newDestination = ends.destination.id !== flow.destination_id;
  if (input.resources || newSource || newDestination) checkModes(modes, ends);
  const moved = newDestination || namespace !== flow.namespace || prefix !== flow.table_prefix;
  if (moved) checkNamespace(namespace, ends.destination);
  if (moved || newSource)
    await checkNoSharedTable(db, flow.id, { namespace: namespaceOf(namespace, ends.destination), prefix, resources: judged(ends.source, modes) }, ends);
  return { fields: { namespace, tablePrefix: prefix, schemaChanges: input.schemaChanges ?? flow.schema_changes, resourceModes: modes }, moved };
}

/** How a flow keeps its tables on the wire. */
export const flowTablesOnWire = (flow: FlowRow, source: SourceRow | undefined): FlowTablesOnWire => ({
  namespace: flow.namespace,
  tablePrefix: flow.table_prefix,
  schemaChanges: flow.schema_changes,
  resources: flowResources(flow, source),
});
