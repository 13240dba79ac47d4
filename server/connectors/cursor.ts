import type { Json, ReadAfter, Row } from './types';

// Cursor values compared as their kind says: numbers as numbers (integers written as text too, as
// Postgres' numeric comes), ISO 8601 date-times as instants (to the microsecond: Postgres keeps them so),
// anything else as text. Sources filter by it, and the runner keeps the greatest value a load read.

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** An ISO date-time as [milliseconds since the epoch, the fraction below a millisecond], or null. */
function instant(text: string): [number, number] | null {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, day = '', time = '', fraction = '', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const milliseconds = Date.parse(`${day}T${time}${fraction === '' ? '' : `.${fraction.slice(0, 3).padEnd(3, '0')}`}${offset}`);
  if (Number.isNaN(milliseconds)) return null;
  return [milliseconds, Number(`0.${fraction.slice(3) || '0'}`)];
}

function compareText(a: string, b: string): number {
  if (INTEGER.test(a) && INTEGER.test(b)) {
    const difference = BigInt(a) - BigInt(b);
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }
  if (DECIMAL.test(a) && DECIMAL.test(b)) return Math.sign(Number(a) - Number(b));
  const [left, right] = [instant(a), instant(b)];
  if (left && right) return Math.sign(left[0] - right[0] || left[1] - right[1]);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` comes before `b`, 0 when equal, positive after. */
export function compareCursors(a: Json, b: Json): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'number' && typeof b === 'string' && DECIMAL.test(b)) return Math.sign(a - Number(b));
  if (typeof a === 'string' && typeof b === 'number' && DECIMAL.test(a)) return Math.sign(Number(a) - b);
  return compareText(typeof a === 'string' ? a : JSON.stringify(a), typeof b === 'string' ? b : JSON.stringify(b));
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
