import type { PlainProperties } from '../properties';

export interface VerificationMessage {
  name: string;
  message: string;
  is_error: boolean;
}

export type Row = Record<string, string | number | boolean | null>;

/** An incremental read: only rows whose `cursorField` is greater than `after`. */
export interface ReadAfter {
  cursorField: string;
  after: Json;
}

/** Rows of one resource (table), in batches: a run never holds a whole table in memory. */
export interface ResourceReader {
  name: string;
  /** Every row, or (`from`) only those past a cursor: pushed down to the source where it can filter. */
  batches: (signal: AbortSignal, from?: ReadAfter) => AsyncIterable<Row[]>;
}

export interface DiscoveredItem {
  name: string;
  category: string;
  notes: string | null;
  /** Its columns with their types (the source's words for them), its primary key, the columns that can serve as a cursor. */
  columns?: { name: string; type: string }[];
  primaryKey?: string[] | null;
  cursorCandidates?: string[];
}

/**
 * Refuses settings that point where this service may not go (a RefusedTarget, answered 400) before
 * they are stored. Connectors check again when they connect: a setting is only a hint of where it goes.
 */
export type TargetCheck = (properties: PlainProperties) => Promise<void>;

export interface SourceConnector {
  checkTarget?: TargetCheck;
  /** Connects for real and reads as little as tells whether a run could read (source verify, bounded at 10 s). */
  verify: (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;
  /** Tables, endpoints or columns this source offers, found by looking at it (discovery). */
  discover: (properties: PlainProperties, signal: AbortSignal) => Promise<DiscoveredItem[]>;
  /** The resources a run moves; connecting happens here, so a wrong password fails the run with its message. */
  resources: (properties: PlainProperties, signal: AbortSignal) => Promise<ResourceReader[]>;
}

/** How a flow keeps a resource's table in sync (the wire's `syncMode`). */
export const SYNC_MODES = ['full_refresh_overwrite', 'full_refresh_append', 'incremental_append', 'incremental_deduped'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A column as the destination keeps it, typed from the rows ("analyzed", schema.ts). */
export type ColumnType = 'bigint' | 'double' | 'boolean' | 'timestamp' | 'text';

export interface Column {
  name: string;
  type: ColumnType;
}

/** How a resource's columns differ from those of its table's last commit. */
export interface SchemaChange {
  added: Column[];
  removed: string[];
  changed: { name: string; from: ColumnType; to: ColumnType }[];
}

/** Thrown by `write` under the `pause` policy when the columns changed: nothing of the load is kept. */
export class SchemaChanged extends Error {
  constructor(
    readonly table: string,
    readonly change: SchemaChange,
  ) {
    const parts = [
      ...change.added.map((column) => `${column.name} (${column.type}) added`),
      ...change.removed.map((name) => `${name} removed`),
      ...change.changed.map((column) => `${column.name} changed from ${column.from} to ${column.to}`),
    ];
    super(`The columns of ${table} changed: ${parts.join(', ')}. The flow pauses on schema changes, so nothing of this load was kept.`);
  }
}

/**
 * How a load keeps its rows. replace: into a staging table swapped for the target at commit; append:
 * straight into the target; merge: one row per primary key, the newest.
 */
export type WriteMode = 'replace' | 'append' | 'merge';

/** One resource of one attempt going into its table (a "load"). */
export interface LoadTarget {
  flowId: number;
  attemptId: number;
  /** Unique per attempt and resource: names the load's record, staging table and files. */
  loadId: string;
  resource: string;
  /** Resolved: the flow's namespace or the destination's default (`defaultNamespace`), never null here. */
  namespace: string;
  table: string;
  write: WriteMode;
  /** merge (and a replace that starts one): the key the table keeps one row per. */
  primaryKey: string[] | null;
  /** merge: the newest row per key is the one with the greatest cursor, then the last to arrive. */
  cursorField: string | null;
  generation: number;
  /** Stamped into `_flowdeck_extracted_at` of every row. */
  extractedAt: Date;
  schemaChanges: 'propagate' | 'pause';
  /** The resource's columns at its table's last commit (the service's copy); null before the first. */
  knownColumns: Column[] | null;
  /**
   * The source's rows may leave out columns (a REST API's objects): a column missing from them is never
   * "removed". Otherwise (postgres, csv, sample) every row carries every column, and a known column
   * missing from the first batch was removed.
   */
  sparseRows?: boolean;
}

/** What a committed load left in the destination, written in the same transaction as its rows. */
export interface LoadRecord {
  flowId: number;
  resource: string;
  loadId: string;
  attemptId: number;
  generation: number;
  /** Rows the table keeps from this load (merge: the distinct keys it wrote). */
  rows: number;
  cursor: Json | null;
  /** The resource's columns as this load saw them (typed as the table keeps them), metadata columns left out. */
  columns: Column[];
  /** How those columns differ from the load's `knownColumns` (null when they do not, or nothing was known). */
  schemaChange: SchemaChange | null;
  committedAt: Date;
}

/** Writes one resource; nothing is visible in the destination until `commit`. */
export interface ResourceWriter {
  /** Throws SchemaChanged under 'pause' (nothing is kept then). */
  write: (rows: Row[]) => Promise<void>;
  /** The rows and the load record, in one transaction. */
  commit: (state: { cursor: Json | null; rowsWritten: number }) => Promise<LoadRecord>;
  /** Rolls the load back; harmless after a commit or a second time. */
  abort: () => Promise<void>;
}

export interface DestinationConnector {
  checkTarget?: TargetCheck;
  verify: (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;
  /** The sync modes it honours (files: no incremental_deduped). */
  modes: readonly SyncMode[];
  /** Where a flow without a namespace of its own writes: the `schema` property, else public / main; '' (the folder itself) for files. */
  defaultNamespace: (properties: PlainProperties) => string;
  open: (properties: PlainProperties, target: LoadTarget) => Promise<ResourceWriter>;
  /** The latest committed load record of (flowId, resource) with this generation, or null. */
  lastLoad: (properties: PlainProperties, where: { namespace: string; flowId: number; resource: string; generation: number }) => Promise<LoadRecord | null>;
  /** Whether load `loadId` of `resource` committed (recovery), and its record. */
  findLoad: (properties: PlainProperties, where: { namespace: string; loadId: string; resource: string }) => Promise<LoadRecord | null>;
  /** Removes what a load left behind when the service died before it could commit or abort. */
  discard?: (properties: PlainProperties, where: { namespace: string; table: string; loadId: string }) => Promise<void>;
  /** Loads with the same key run one at a time, across instances (DuckDB: the file's resolved path); else null. */
  exclusiveKey?: (properties: PlainProperties) => Promise<string | null>;
}

export const info = (name: string, message: string): VerificationMessage => ({ name, message, is_error: false });
export const failure = (name: string, message: string): VerificationMessage => ({ name, message, is_error: true });
