import { ATTEMPT_ID, EXTRACTED_AT, quoteIdentifier } from './schema';
import type { Column, LoadTarget } from './types';

// Checks of a load's target that every destination makes before it writes, and the SQL both
// database destinations build from its key and cursor.

/** How messages name the target: `namespace.table` (or the table alone in the files' root folder). */
export const loadLabel = (target: Pick<LoadTarget, 'namespace' | 'table'>) => (target.namespace === '' ? target.table : `${target.namespace}.${target.table}`);

/** Refuses a target no destination could write: names it cannot hold, a merge without a key. */
export function validateTarget(target: LoadTarget, limits: { maxIdentifierBytes: number; emptyNamespace?: boolean }): void {
  const names = [target.table, ...(limits.emptyNamespace === true && target.namespace === '' ? [] : [target.namespace])];
  for (const name of names) {
    if (name === '' || name.includes('\0')) throw new Error(`"${name}" cannot name a table or namespace.`);
    if (Buffer.byteLength(name) > limits.maxIdentifierBytes)
      throw new Error(`"${name}" is longer than the ${String(limits.maxIdentifierBytes)} bytes this destination allows for a name.`);
  }
  const key = target.primaryKey ?? [];
  if (target.write === 'merge' && key.length === 0) throw new Error(`Keeping one row per key in ${loadLabel(target)} needs a primary key.`);
  for (const column of [...key, ...(target.cursorField === null ? [] : [target.cursorField])]) {
    if (column === EXTRACTED_AT || column === ATTEMPT_ID || column === '') throw new Error(`"${column}" cannot be a key or cursor column.`);
  }
}

/** Refuses a key or cursor the rows do not have (the table would keep rows apart that are one). */
export function checkKeyColumns(target: LoadTarget, columns: readonly Column[]): void {
  const have = new Set(columns.map((column) => column.name));
  const missing = [...(target.primaryKey ?? []), ...(target.cursorField === null ? [] : [target.cursorField])].filter((name) => !have.has(name));
  if (missing.length > 0) throw new Error(`Cannot keep one row per key in ${loadLabel(target)}: its rows have no column ${missing.join(', ')}.`);
}

/** A database destination's commit steps for the modes that stage their rows; each returns the rows the table keeps. */
export interface StagedCommit {
  merge: (primaryKey: string[]) => Promise<number>;
  swap: (primaryKey: string[] | null) => Promise<number>;
}

/** The rows the table keeps at commit: an append keeps the `written` rows; a merge or a replace what its step leaves. */
export function keptAtCommit(target: LoadTarget, written: number, steps: StagedCommit): Promise<number> {
  if (target.write === 'append') return Promise.resolve(written);
  if (target.write === 'merge') return steps.merge(target.primaryKey ?? []);
  return steps.swap(target.primaryKey);
}

export const columnList = (names: readonly string[]) => names.map(quoteIdentifier).join(', ');

/** ORDER BY terms, newest first: the greatest cursor (the column's own order), then the last to arrive. */
export const newestFirst = (cursorField: string | null, arrival: string) =>
  `${cursorField === null ? '' : `${quoteIdentifier(cursorField)} DESC NULLS LAST, `}${arrival} DESC`;

/** A row of `table` with no value for part of its key, if any. */
export const keyCheckSql = (table: string, primaryKey: readonly string[]) =>
  `SELECT 1 FROM ${table} WHERE ${primaryKey.map((name) => `${quoteIdentifier(name)} IS NULL`).join(' OR ')} LIMIT 1`;
