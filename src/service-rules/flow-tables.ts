import { type ColumnInfo, DEFAULT_SYNC_MODE, type FlowResourceInput, type SyncMode } from '@/api/tables';
import { destinationSpec } from '@/catalogue/connector-specs';
import { propertyValue } from './properties';

// Where a flow's tables go and how each is kept, for the service and the mock alike: the table a resource
// is loaded into, a flow's namespace, the mode every resource it loads has, and what discovery tells of a
// resource (its columns, key and cursor candidates).

/** A safe SQL identifier (and file name) for a resource name: REST paths, file names. */
export function tableName(resource: string): string {
  const name = resource
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(name) ? name : `t_${name}`;
}

/** The table of a resource: the flow's prefix before the resource's table name. */
export const targetTable = (tablePrefix: string, resource: string) => `${tablePrefix}${tableName(resource)}`;

/** `namespace.table` as a destination names it (files: `folder/table`; the root folder: the table alone). */
export const qualifiedTable = (namespace: string, table: string) => (namespace === '' ? table : `${namespace}.${table}`);

/** Where a flow without a namespace of its own writes: the destination's `schema` (or its default); the folder itself for files. */
export function defaultNamespace(destinationSpecName: string, properties: Readonly<Record<string, unknown>>): string {
  const definitions = destinationSpec(destinationSpecName)?.propertyDefinitions ?? [];
  const schema = propertyValue(definitions, properties, 'schema');
  return typeof schema === 'string' ? schema : '';
}

/** A flow's effective namespace: its own, or its destination's default. */
export const effectiveNamespace = (namespace: string | null, destinationSpecName: string, properties: Readonly<Record<string, unknown>>) =>
  namespace ?? defaultNamespace(destinationSpecName, properties);

/**
 * Names a namespace may not have in a destination: DuckDB names its catalogs (the file's own, after the
 * file, and `system`, `temp`) where a schema's name goes, so a schema of the same name makes every
 * reference to it ambiguous.
 */
export function reservedNamespaces(destinationSpecName: string, properties: Readonly<Record<string, unknown>>): string[] {
  if (destinationSpecName !== 'duckdb') return [];
  const path = typeof properties.path === 'string' ? properties.path : '';
  const file =
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  const dot = file.lastIndexOf('.');
  return [dot > 0 ? file.slice(0, dot) : file, 'system', 'temp'].filter((name) => name !== '');
}

/**
 * The namespace a new flow gets: its name as an identifier, made unique among the namespaces `taken`
 * (those of its destination's other flows) with `_2`, `_3` ...
 */
export function newFlowNamespace(displayName: string, taken: readonly string[]): string {
  const base = tableName(displayName).slice(0, 56);
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}_${String(suffix)}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A resource's mode as a flow keeps it. */
export interface ResourceMode {
  name: string;
  syncMode: SyncMode;
  cursorField: string | null;
  primaryKey: string[] | null;
}

export const resourceModeOf = (input: FlowResourceInput): ResourceMode => ({
  name: input.name,
  syncMode: input.syncMode,
  cursorField: input.cursorField ?? null,
  primaryKey: input.primaryKey ?? null,
});

/** An update's modes over the kept ones: the resources it names change, the others keep theirs. */
export function mergedModes(kept: readonly ResourceMode[], changes: readonly ResourceMode[]): ResourceMode[] {
  const changed = new Map(changes.map((mode) => [mode.name, mode]));
  return [...kept.filter((mode) => !changed.has(mode.name)), ...changes];
}

/** Every resource the flow loads with its effective mode: its own, or the flow's default. */
export function effectiveModes(loads: readonly string[], modes: readonly ResourceMode[], defaultMode: SyncMode = DEFAULT_SYNC_MODE): ResourceMode[] {
  const byName = new Map(modes.map((mode) => [mode.name, mode]));
  return loads.map((name) => byName.get(name) ?? { name, syncMode: defaultMode, cursorField: null, primaryKey: null });
}

/** What discovery told of a resource. */
export interface ResourceFacts {
  columns: ColumnInfo[];
  primaryKey: string[] | null;
  cursorCandidates: string[];
}

interface ResolverFacts {
  name: string;
  category?: string | null | undefined;
  columns?: readonly ColumnInfo[] | null | undefined;
  primaryKey?: readonly string[] | null | undefined;
  cursorCandidates?: readonly string[] | null | undefined;
}

/**
 * What discovery told of one resource, or null when it has told nothing (not discovered yet). A resolver
 * of that name tells it; a CSV source's resolvers are the columns of its one resource, each telling itself.
 */
export function resourceFacts(resolvers: readonly ResolverFacts[], resource: string): ResourceFacts | null {
  const own = resolvers.find((resolver) => resolver.name === resource && resolver.category !== 'column');
  if (own) {
    if (!own.columns || own.columns.length === 0) return null;
    return { columns: [...own.columns], primaryKey: own.primaryKey ? [...own.primaryKey] : null, cursorCandidates: [...(own.cursorCandidates ?? [])] };
  }
  const columns = resolvers.filter((resolver) => resolver.category === 'column');
  if (columns.length === 0 || columns.some((column) => !column.columns || column.columns.length === 0)) return null;
  return {
    columns: columns.flatMap((column) => column.columns ?? []),
    primaryKey: null,
    cursorCandidates: columns.flatMap((column) => column.cursorCandidates ?? []),
  };
}

/** A CSV source's one resource: its file's name without the extension (`csv` when that leaves nothing). */
export function csvResourceName(location: string): string {
  const where = location.trim();
  let path = where.replace(/^file:\/\//i, '');
  if (/^https?:\/\//i.test(where)) {
    try {
      path = new URL(where).pathname;
    } catch {
      return 'csv';
    }
  }
  const file = path.replace(/\/+$/, '').split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return (dot > 0 ? file.slice(0, dot) : file) || 'csv';
}
