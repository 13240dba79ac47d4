import { compareCursors as compareCursorValues, type CursorValue } from '@/service-rules/cursor-order';
import type { Json, ReadAfter, Row } from './types';

// Cursors as sources and the runner use them, by the rule of src/service-rules/cursor-order.ts (numbers as
// numbers, ISO date-times as instants, else text), with one addition: two numbers written as text (how
// Postgres' numeric arrives) compare as numbers, not letter by letter.

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

function numberTextOrder(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.replace(/^-/, '').split('.');
  const [bWhole = '', bFraction = ''] = b.replace(/^-/, '').split('.');
  const aNegative = a.startsWith('-');
  const bNegative = b.startsWith('-');
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const magnitude =
    aWhole.replace(/^0+/, '').length - bWhole.replace(/^0+/, '').length ||
    (aWhole.replace(/^0+/, '') + aFraction.padEnd(bFraction.length, '0')).localeCompare(bWhole.replace(/^0+/, '') + bFraction.padEnd(aFraction.length, '0'));
  return Math.sign(aNegative ? -magnitude : magnitude);
}

/** Negative when `a` comes before `b`, 0 when equal, positive after. */
export function compareCursors(a: Json, b: Json): number {
  if (typeof a === 'string' && typeof b === 'string' && NUMBER_TEXT.test(a) && NUMBER_TEXT.test(b)) return numberTextOrder(a, b);
  const scalar = (value: Json): CursorValue => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  return compareCursorValues(scalar(a), scalar(b));
}

/** The row's cursor value, when it has one (null and absent values never advance a cursor). */
export function cursorOf(row: Row, cursorField: string): Json | null {
  return row[cursorField] ?? null;
}

/** Whether a row lies past the cursor of an incremental read (a row without a value does not). */
export function isAfter(row: Row, from: ReadAfter): boolean {
  const value = cursorOf(row, from.cursorField);
  return value !== null && compareCursors(value, from.after) > 0;
}

/** The rows of a batch past the cursor (all of them for a full read). */
export const rowsAfter = (rows: Row[], from: ReadAfter | undefined): Row[] => (from ? rows.filter((row) => isAfter(row, from)) : rows);

/** The greater of a cursor so far and the greatest value of `cursorField` in `rows`. */
export function greatestCursor(current: Json | null, rows: readonly Row[], cursorField: string): Json | null {
  let greatest = current;
  for (const row of rows) {
    const value = cursorOf(row, cursorField);
    if (value !== null && (greatest === null || compareCursors(value, greatest) > 0)) greatest = value;
  }
  return greatest;
}

/** Column types (as schema.ts types rows) whose values can serve as a cursor: numbers and date-times. */
export const canServeAsCursor = (type: string) => type === 'bigint' || type === 'double' || type === 'timestamp';
