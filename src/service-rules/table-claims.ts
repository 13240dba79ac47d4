import { tableOfAnotherFlow } from '@/api/messages';
import { Conflict, InvalidInput } from './errors';
import { qualifiedTable, reservedNamespaces, targetTable } from './flow-tables';

// One table, one writer: a flow may not save a namespace, prefix or source that would make it write a
// table another flow of the same destination writes. The service and the mock judge it alike; each reads
// its own records (the service its registry and flows, the mock its state) and hands them here.

/** A table of the namespace another flow has claimed (the registry: it has loaded into it). */
export interface TableClaim {
  flow: { id: number; displayName: string };
  table: string;
}

/** Another flow of the destination writing into the same namespace, with the resources it loads (null: not known yet). */
export interface OtherWriter {
  flow: { id: number; displayName: string };
  tablePrefix: string;
  resources: readonly string[] | null;
}

export interface TablesOfFlow {
  /** The flow's effective namespace. */
  namespace: string;
  tablePrefix: string;
  /** The resources it loads. */
  resources: readonly string[];
}

/** The first table of the flow another flow writes, and that flow; null when none is shared. */
export function sharedTable(tables: TablesOfFlow, claims: readonly TableClaim[], others: readonly OtherWriter[]): TableClaim | null {
  const targets = tables.resources.map((resource) => targetTable(tables.tablePrefix, resource));
  const claimed = claims.find((claim) => targets.includes(claim.table));
  if (claimed) return claimed;
  for (const other of others) {
    const theirs = new Set((other.resources ?? []).map((resource) => targetTable(other.tablePrefix, resource)));
    const shared = targets.find((target) => theirs.has(target));
    if (shared) return { flow: other.flow, table: shared };
  }
  return null;
}

/** 400 naming the other flow and the table when the flow would write a table another flow writes. */
export function refuseSharedTable(tables: TablesOfFlow, claims: readonly TableClaim[], others: readonly OtherWriter[]): void {
  const shared = sharedTable(tables, claims, others);
  if (shared) throw new Conflict(tableOfAnotherFlow(shared.flow, qualifiedTable(tables.namespace, shared.table)));
}

/** 400 for a namespace the destination cannot have (reservedNamespaces: a DuckDB file's catalogs). */
export function refuseReservedNamespace(namespace: string | null, destinationSpec: string, properties: Readonly<Record<string, unknown>>): void {
  if (namespace !== null && reservedNamespaces(destinationSpec, properties).includes(namespace)) {
    throw new InvalidInput(`namespace: “${namespace}” is the name of one of the DuckDB file's catalogs; choose another.`);
  }
}
