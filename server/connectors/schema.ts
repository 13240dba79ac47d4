import { type Column, type ColumnType, type LoadTarget, type Row, type SchemaChange, SchemaChanged } from './types';

// "Analyzed": the column types of a resource, inferred from its rows. A column keeps the type of its
// first non-null value, and widens when a value does not fit it: bigint → double → text, anything
// else → text. Date-times arrive as ISO strings and become timestamps. A table never narrows.

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Columns every loaded row carries: when its batch was read, and the attempt that wrote it. */
export const EXTRACTED_AT = '_flowdeck_extracted_at';
export const ATTEMPT_ID = '_flowdeck_attempt_id';
export const METADATA_COLUMNS: readonly Column[] = [
  { name: EXTRACTED_AT, type: 'timestamp' },
  { name: ATTEMPT_ID, type: 'bigint' },
];
const isMetadata = (name: string) => name === EXTRACTED_AT || name === ATTEMPT_ID;

export function typeOf(value: Row[string] | undefined): ColumnType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'bigint' : 'double';
  return ISO_DATE_TIME.test(value) ? 'timestamp' : 'text';
}

export function widen(current: ColumnType, next: ColumnType): ColumnType {
  if (current === next) return current;
  if ((current === 'bigint' && next === 'double') || (current === 'double' && next === 'bigint')) return 'double';
  return 'text';
}

/** Whether a column of type `wide` holds every value of type `narrow`. */
export function holds(wide: ColumnType, narrow: ColumnType): boolean {
  return wide === narrow || wide === 'text' || (wide === 'double' && narrow === 'bigint');
}

/** Whether a column of `type` takes `value` as it is (checked for every value: kept cheap). */
function fits(type: ColumnType | null, value: Row[string] | undefined): boolean {
  if (value === null || value === undefined) return true;
  switch (type) {
    case 'text':
      return true;
    case 'bigint':
      return Number.isSafeInteger(value);
    case 'double':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && ISO_DATE_TIME.test(value);
    default:
      return false;
  }
}

/** The columns of one batch (for benches and tools that need no comparison). */
export function analyze(rows: Row[]): Column[] {
  const found = new Map<string, ColumnType | null>();
  for (const row of rows) {
    for (const name in row) {
      const type = typeOf(row[name]);
      const current = found.get(name);
      if (current === undefined || current === null) found.set(name, type);
      else if (type !== null) found.set(name, widen(current, type));
    }
  }
  return [...found].map(([name, type]) => ({ name, type: type ?? 'text' }));
}

interface Entry {
  name: string;
  /** The type its values need: its known type (else the table's), widened by what came; null while new and only nulls came. */
  type: ColumnType | null;
  /** Its type in the table; null while the table lacks it. */
  tableType: ColumnType | null;
  /** Its type at the last commit (knownColumns), if it had one. */
  known: ColumnType | null;
  seen: boolean;
}

/**
 * The columns of one load as its batches arrive, against the table's (which it widens and adds to,
 * never narrows or drops) and against the resource's columns at its last commit (`knownColumns`):
 * under `pause` a batch that differs from those throws SchemaChanged before anything is written.
 */
export class LoadColumns {
  private readonly entries = new Map<string, Entry>();
  // What changed so far under `propagate`, by name: the types are the columns' final ones.
  private readonly added = new Set<string>();
  private readonly changed = new Set<string>();
  private readonly removed: string[] = [];
  private batches = 0;

  constructor(
    tableColumns: readonly Column[],
    private readonly target: Pick<LoadTarget, 'knownColumns' | 'schemaChanges' | 'sparseRows'> & { label: string },
  ) {
    const known = new Map((target.knownColumns ?? []).map((column) => [column.name, column.type]));
    for (const column of tableColumns) {
      if (isMetadata(column.name)) continue;
      const knownType = known.get(column.name) ?? null;
      // Values are judged by the known type when the table holds it, so a table widened by hand is no change.
      const type = knownType !== null && holds(column.type, knownType) ? knownType : column.type;
      this.entries.set(column.name, { name: column.name, type, tableType: column.type, known: knownType, seen: false });
    }
    // A known column the table lacks (the user dropped it) comes back with its known type.
    for (const [name, type] of known) {
      if (!this.entries.has(name) && !isMetadata(name)) this.entries.set(name, { name, type, tableType: null, known: type, seen: false });
    }
  }

  /** Judges a batch (throws SchemaChanged under `pause`); true when the table must add or widen columns to take it. */
  take(rows: Row[]): boolean {
    // Rows of one resource list their columns in one order: the entry at each position is remembered,
    // so a value costs a string comparison rather than a lookup. This runs for every value of every load.
    const order: Entry[] = [];
    for (const row of rows) {
      let position = 0;
      for (const name in row) {
        let entry = order[position];
        if (entry?.name !== name) {
          const found = this.entryOf(name);
          if (found === null) continue;
          entry = found;
          order[position] = found;
        }
        position += 1;
        entry.seen = true;
        const value = row[name];
        if (entry.type !== 'text' && !fits(entry.type, value)) {
          const type = typeOf(value) ?? 'text';
          entry.type = entry.type === null ? type : widen(entry.type, type);
        }
      }
    }
    this.batches += 1;
    this.judge();
    return this.settleTable();
  }

  /** The column's entry (a new one for a column never seen); null for a metadata column, which the load fills itself. */
  private entryOf(name: string): Entry | null {
    const known = this.entries.get(name);
    if (known) return known;
    if (isMetadata(name)) return null;
    const entry: Entry = { name, type: null, tableType: null, known: null, seen: false };
    this.entries.set(name, entry);
    return entry;
  }

  private judge(): void {
    const { knownColumns, sparseRows } = this.target;
    if (knownColumns === null) return;
    const found: SchemaChange = { added: [], removed: [], changed: [] };
    for (const entry of this.entries.values()) {
      if (!entry.seen) continue;
      const type = entry.type ?? 'text';
      if (entry.known === null) {
        if (!this.added.has(entry.name)) found.added.push({ name: entry.name, type });
      } else if (!holds(entry.known, type) && !this.changed.has(entry.name)) {
        found.changed.push({ name: entry.name, from: entry.known, to: type });
      }
    }
    if (this.batches === 1 && sparseRows !== true) {
      found.removed = knownColumns.filter((column) => this.entries.get(column.name)?.seen !== true).map((column) => column.name);
    }
    if (found.added.length + found.removed.length + found.changed.length === 0) return;
    if (this.target.schemaChanges === 'pause') throw new SchemaChanged(this.target.label, found);
    for (const column of found.added) this.added.add(column.name);
    for (const column of found.changed) this.changed.add(column.name);
    this.removed.push(...found.removed);
  }

  /** Settles each column's table type (new columns join the table); true when one changed. */
  private settleTable(): boolean {
    let changed = false;
    for (const entry of this.entries.values()) {
      if (!entry.seen) continue;
      const type = entry.type ?? 'text';
      if (entry.tableType === null) {
        entry.type = type;
        entry.tableType = type;
        changed = true;
      } else if (!holds(entry.tableType, type)) {
        entry.tableType = widen(entry.tableType, type);
        changed = true;
      }
    }
    return changed;
  }

  /** The table's data columns as this load leaves them: those it had, then those this load added. */
  get tableColumns(): Column[] {
    return [...this.entries.values()].flatMap((entry) => (entry.tableType === null ? [] : [{ name: entry.name, type: entry.tableType }]));
  }

  /**
   * The resource's columns as this load saw them (LoadRecord.columns): columns the table keeps for earlier
   * rows but the source no longer sends are left out, so a removal is reported once.
   */
  resourceColumns(): Column[] {
    if (this.batches === 0) return this.target.knownColumns ?? this.tableColumns;
    const keep = (entry: Entry) => entry.tableType !== null && (entry.seen || (this.target.sparseRows === true && entry.known !== null));
    return [...this.entries.values()].filter(keep).map((entry) => ({ name: entry.name, type: entry.type ?? 'text' }));
  }

  /** How the resource's columns differ from `knownColumns` (null when they do not, or nothing was known). */
  schemaChange(): SchemaChange | null {
    if (this.added.size + this.changed.size + this.removed.length === 0) return null;
    const typeOfEntry = (name: string) => this.entries.get(name)?.type ?? 'text';
    return {
      added: [...this.added].map((name) => ({ name, type: typeOfEntry(name) })),
      removed: [...this.removed],
      changed: [...this.changed].map((name) => ({ name, from: this.entries.get(name)?.known ?? 'text', to: typeOfEntry(name) })),
    };
  }
}

/** A safe SQL identifier for a resource name (REST paths, file names). */
export function tableName(resource: string): string {
  const name = resource
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(name) ? name : `t_${name}`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
