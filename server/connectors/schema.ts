import type { Row } from './types';

// "Analyzed": the column types of a resource, inferred from its rows. A column keeps the type of
// its first non-null value; a value of another kind later widens it to text. Date-times arrive as
// ISO strings and become timestamps.

export type ColumnType = 'bigint' | 'double' | 'boolean' | 'timestamp' | 'text';

export interface Column {
  name: string;
  type: ColumnType;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function typeOf(value: Row[string]): ColumnType | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'bigint' : 'double';
  return ISO_DATE_TIME.test(value) ? 'timestamp' : 'text';
}

function widen(current: ColumnType, next: ColumnType): ColumnType {
  if (current === next) return current;
  if ((current === 'bigint' && next === 'double') || (current === 'double' && next === 'bigint')) return 'double';
  return 'text';
}

/**
 * The columns after seeing `rows`: `known` keeps its order and types (a destination table does not
 * change type under a load), new columns are appended, and the types of new columns are settled
 * from every row of the batch.
 */
export function analyze(known: Column[], rows: Row[]): Column[] {
  const knownNames = new Set(known.map((column) => column.name));
  const found = new Map<string, ColumnType | null>();
  for (const row of rows) {
    // for...in without allocating: this runs for every row of every load.
    for (const name in row) {
      if (knownNames.has(name)) continue;
      const value = row[name] ?? null;
      const type = typeOf(value);
      const current = found.get(name);
      if (current === undefined || current === null) found.set(name, type);
      else if (type !== null) found.set(name, widen(current, type));
    }
  }
  return [...known, ...[...found].map(([name, type]) => ({ name, type: type ?? 'text' }))];
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
