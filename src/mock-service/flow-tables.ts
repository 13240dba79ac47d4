import type { CreateFlowInput, UpdateFlowInput } from '@/api/flows';
import { type ColumnInfo, type FlowResource, type FlowTableState, isIncremental, type SchemaChangePolicy } from '@/api/tables';
import {
  csvResourceName,
  effectiveModes,
  effectiveNamespace,
  mergedModes,
  newFlowNamespace,
  qualifiedTable,
  reservedNamespaces,
  type ResourceFacts,
  resourceFacts,
  type ResourceMode,
  resourceModeOf,
  targetTable,
} from '@/service-rules/flow-tables';
import { runSelection } from '@/service-rules/resolver-choice';
import { refuseReservedNamespace, refuseSharedTable } from '@/service-rules/table-claims';
import { checkResourceModes } from '@/service-rules/table-modes';
import { iso, isoOrNull, type FlowTablesOnWire } from '@/service-rules/wire';
import type { MockDb } from './db';
import { discoveredAt } from './discovery';
import { commitOffsets } from './progress';
import type { DestinationRecord, FlowRecord, FlowRunRecord, SourceRecord } from './records';
import { wireResolverList } from './resolvers';

// How the mock's flows keep their tables, by the rules the service applies (src/service-rules/flow-tables.ts,
// table-modes.ts, table-claims.ts): the resources a flow loads and their modes, a new flow's namespace, the
// checks a save makes, and each table's state, read off the clock from the loads its runs committed.

const resolversOf = (db: MockDb, source: SourceRecord) => wireResolverList(source, db.sourceSpec(source.spec), db.now()).resolvers;

/** A CSV source's one resource, named from its file (as the service names it). */
export const csvResource = (source: Pick<SourceRecord, 'properties'>) =>
  csvResourceName(typeof source.properties.location === 'string' ? source.properties.location : '');

/** Every resource the source has (turned on or off); null while that is not known (never discovered). */
export function knownResources(db: MockDb, source: SourceRecord): string[] | null {
  if (source.spec === 'csv') return [csvResource(source)];
  const resolvers = resolversOf(db, source);
  if (resolvers.length === 0 && discoveredAt(source, db.now()) === null) return null;
  return resolvers.filter((resolver) => resolver.category !== 'column').map((resolver) => resolver.name);
}

/** The resources a flow over this source loads (its resolvers turned on); null while not known. */
export function loadedResources(db: MockDb, source: SourceRecord): string[] | null {
  const known = knownResources(db, source);
  if (known === null) return null;
  const selection = runSelection(resolversOf(db, source));
  return known.filter((name) => selection.loads(name));
}

const factsOf = (db: MockDb, source: SourceRecord) => {
  const resolvers = resolversOf(db, source);
  return (resource: string): ResourceFacts | null => resourceFacts(resolvers, resource);
};

/** Every resource the flow loads with its effective mode (before a discovery: those it lists). */
export function flowResources(db: MockDb, flow: FlowRecord): FlowResource[] {
  const source = db.source(flow.source);
  const loads = (source && loadedResources(db, source)) ?? flow.resourceModes.map((mode) => mode.name);
  return effectiveModes(loads, flow.resourceModes, flow.defaultSyncMode);
}

/** The namespace the flow writes into: its own, or its destination's default. */
export function namespaceOf(db: MockDb, flow: Pick<FlowRecord, 'namespace' | 'destination'>): string {
  const destination = db.destination(flow.destination);
  return destination ? effectiveNamespace(flow.namespace, destination.spec, destination.properties) : (flow.namespace ?? '');
}

export const flowTablesOnWire = (db: MockDb, flow: FlowRecord): FlowTablesOnWire => ({
  namespace: flow.namespace,
  tablePrefix: flow.tablePrefix,
  schemaChanges: flow.schemaChanges,
  resources: flowResources(db, flow),
});

interface Ends {
  source: SourceRecord;
  destination: DestinationRecord;
}

function checkModes(db: MockDb, modes: readonly ResourceMode[], { source, destination }: Ends): void {
  checkResourceModes(modes, {
    sourceSpec: source.spec,
    sourceProperties: source.properties,
    destinationSpec: destination.spec,
    knownResources: knownResources(db, source),
    facts: factsOf(db, source),
  });
}

/** 400 naming the other flow when this one would write a table another flow of the destination writes. */
function checkNoSharedTable(
  db: MockDb,
  flowId: number | null,
  tables: { namespace: string; tablePrefix: string; resources: readonly string[] },
  destination: DestinationRecord,
) {
  const named = (id: number) => ({ id, displayName: db.flow(id)?.displayName ?? '' });
  const claims = db.state.tableClaims
    .filter((claim) => claim.destination === destination.id && claim.namespace === tables.namespace && claim.flow !== flowId)
    .map((claim) => ({ flow: named(claim.flow), table: claim.table }));
  const others = db.state.flows
    .filter((other) => other.id !== flowId && other.destination === destination.id && namespaceOf(db, other) === tables.namespace)
    .map((other) => {
      const source = db.source(other.source);
      return { flow: named(other.id), tablePrefix: other.tablePrefix, resources: source ? loadedResources(db, source) : null };
    });
  refuseSharedTable(tables, claims, others);
}

/** The resources the checks judge: those the flow loads, or (its source not discovered yet) those it lists. */
const judged = (db: MockDb, source: SourceRecord, modes: readonly ResourceMode[]) => loadedResources(db, source) ?? modes.map((mode) => mode.name);

export type TableFields = Pick<FlowRecord, 'namespace' | 'tablePrefix' | 'schemaChanges' | 'resourceModes' | 'defaultSyncMode'>;

/** A new flow's table fields: its own namespace unless it names one (null: the destination's default). */
export function tableFieldsOfNewFlow(db: MockDb, input: CreateFlowInput, ends: Ends): TableFields {
  const modes = (input.resources ?? []).map(resourceModeOf);
  checkModes(db, modes, ends);
  const taken = db.state.flows.filter((flow) => flow.destination === ends.destination.id).map((flow) => namespaceOf(db, flow));
  const reserved = reservedNamespaces(ends.destination.spec, ends.destination.properties);
  const namespace = input.namespace !== undefined ? input.namespace : newFlowNamespace(input.displayName.trim(), [...taken, ...reserved]);
  refuseReservedNamespace(namespace, ends.destination.spec, ends.destination.properties);
  const tablePrefix = input.tablePrefix ?? '';
  const effective = effectiveNamespace(namespace, ends.destination.spec, ends.destination.properties);
  checkNoSharedTable(db, null, { namespace: effective, tablePrefix, resources: judged(db, ends.source, modes) }, ends.destination);
  return { namespace, tablePrefix, schemaChanges: input.schemaChanges ?? 'propagate', resourceModes: modes, defaultSyncMode: 'full_refresh_overwrite' };
}

/** A flow's table fields after an update (the resources it names change, the others keep theirs); `moved`: it now writes other tables. */
export function tableFieldsOfUpdate(db: MockDb, flow: FlowRecord, input: UpdateFlowInput, ends: Ends): { fields: TableFields; moved: boolean } {
  const modes = input.resources ? mergedModes(flow.resourceModes, input.resources.map(resourceModeOf)) : flow.resourceModes;
  const namespace = input.namespace !== undefined ? input.namespace : flow.namespace;
  const tablePrefix = input.tablePrefix ?? flow.tablePrefix;
  const newSource = ends.source.id !== flow.source;
  const newDestination = ends.destination.id !== flow.destination;
  if (input.resources || newSource || newDestination) checkModes(db, modes, ends);
  const moved = newDestination || namespace !== flow.namespace || tablePrefix !== flow.tablePrefix;
  if (moved) refuseReservedNamespace(namespace, ends.destination.spec, ends.destination.properties);
  if (moved || newSource) {
    const effective = effectiveNamespace(namespace, ends.destination.spec, ends.destination.properties);
    checkNoSharedTable(db, flow.id, { namespace: effective, tablePrefix, resources: judged(db, ends.source, modes) }, ends.destination);
  }
  const schemaChanges: SchemaChangePolicy = input.schemaChanges ?? flow.schemaChanges;
  return { fields: { namespace, tablePrefix, schemaChanges, resourceModes: modes, defaultSyncMode: flow.defaultSyncMode }, moved };
}

/** A load of one resource a run committed: when, and how many rows. */
interface CommittedLoad {
  at: number;
  rows: number;
}

/** The loads of `resource` the flow's runs have committed by now, oldest first (a run that failed at its start commits none). */
function committedLoads(db: MockDb, flowId: number, resource: string): CommittedLoad[] {
  const now = db.now();
  return db.state.flowRuns
    .filter((run) => run.flow === flowId && !(run.failure && run.cancelledAt === null))
    .flatMap((run) => {
      const index = run.resources.findIndex((each) => each.name === resource);
      const offset = commitOffsets(run)[index];
      if (index < 0 || offset === undefined) return [];
      const at = run.startedAt + offset;
      const ended = run.cancelledAt ?? Infinity;
      return at <= now && at <= ended ? [{ at, rows: run.resources[index]?.rows ?? 0 }] : [];
    })
    .sort((a, b) => a.at - b.at);
}

/** The metadata columns every loaded row carries. */
const METADATA_COLUMNS: ColumnInfo[] = [
  { name: '_flowdeck_extracted_at', type: 'timestamp' },
  { name: '_flowdeck_attempt_id', type: 'bigint' },
];

/** The cursor the newest load saved: the newest row's time for a date-time cursor, a growing number for a numeric one. */
function cursorAfter(type: string | undefined, loads: readonly CommittedLoad[]): string | number | null {
  const last = loads.at(-1);
  if (!last) return null;
  if (type === 'timestamp') return iso(last.at - 60_000);
  return loads.reduce((sum, load) => sum + load.rows, 0);
}

/** One table's state now: the loads committed since its last reset. */
export function tableState(db: MockDb, flow: FlowRecord, resource: FlowResource): Omit<FlowTableState, 'table'> {
  const record = db.state.flowTables.find((each) => each.flow === flow.id && each.resource === resource.name);
  const resetAt = record?.resetAt ?? -Infinity;
  const source = db.source(flow.source);
  const facts = source ? factsOf(db, source)(resource.name) : null;
  const everLoaded = committedLoads(db, flow.id, resource.name);
  const loads = everLoaded.filter((load) => load.at > resetAt);
  const keepsCursor = isIncremental(resource.syncMode) && resource.cursorField !== null;
  const cursorType = facts?.columns.find((column) => column.name === resource.cursorField)?.type;
  return {
    resource: resource.name,
    syncMode: resource.syncMode,
    cursorField: resource.cursorField,
    // The key the flow chose; null when it keeps the table's own (the resolver tells that one).
    primaryKey: resource.primaryKey,
    cursor: keepsCursor ? cursorAfter(cursorType, loads) : null,
    updatedAt: keepsCursor ? isoOrNull(loads.at(-1)?.at ?? null) : null,
    // The table keeps its columns through a reset: it exists once a load has committed.
    columns: everLoaded.length > 0 && facts ? [...facts.columns, ...METADATA_COLUMNS] : null,
    schemaChange: record?.schemaChange ? { ...record.schemaChange, at: iso(record.schemaChange.at) } : null,
  };
}

/** GET /state: one row per resource the flow loads. */
export function flowState(db: MockDb, flow: FlowRecord): FlowTableState[] {
  const namespace = namespaceOf(db, flow);
  return flowResources(db, flow).map((resource) => ({
    ...tableState(db, flow, resource),
    table: qualifiedTable(namespace, targetTable(flow.tablePrefix, resource.name)),
  }));
}

/** Forgets the saved state of some resources: loads committed before now no longer count, and each gets a new generation. */
export function resetTables(db: MockDb, flowId: number, resources: readonly string[]): void {
  const now = db.now();
  for (const resource of resources) {
    const record = db.state.flowTables.find((each) => each.flow === flowId && each.resource === resource);
    if (record) {
      record.resetAt = now;
      record.generation += 1;
    } else db.state.flowTables.push({ flow: flowId, resource, resetAt: now, generation: 1 });
  }
}

/** The tables a run loads are its flow's from then on (the service's registry): claimed unless another flow has them. */
export function claimTables(db: MockDb, flow: FlowRecord, run: FlowRunRecord): void {
  const namespace = namespaceOf(db, flow);
  for (const { name } of run.resources) {
    const table = targetTable(flow.tablePrefix, name);
    const taken = db.state.tableClaims.some((claim) => claim.destination === flow.destination && claim.namespace === namespace && claim.table === table);
    if (!taken) db.state.tableClaims.push({ destination: flow.destination, namespace, table, flow: flow.id });
  }
}

/** A flow that writes elsewhere now (or is gone) lets go of its tables. */
export function releaseTables(db: MockDb, flowId: number): void {
  db.state.tableClaims = db.state.tableClaims.filter((claim) => claim.flow !== flowId);
}

/** Whether the resource reads only rows past a saved cursor in a run starting now (incremental, with a cursor, not re-synced). */
export function readsIncrementally(db: MockDb, flow: FlowRecord, resource: string): boolean {
  const mode = flowResources(db, flow).find((each) => each.name === resource);
  return mode !== undefined && tableState(db, flow, mode).cursor !== null;
}
