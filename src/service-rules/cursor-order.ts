// How cursor values compare, for the service's runs and the mock's alike: numbers as numbers, ISO
// date-times as instants (whatever their offset or precision), anything else as text, by code point.
// The saved cursor is the greatest value of the cursor field a load read.

export type CursorValue = string | number | boolean | null;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const sign = (difference: number) => (difference < 0 ? -1 : difference > 0 ? 1 : 0);
const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An instant as whole seconds since the epoch and the fraction's digits (nanoseconds and beyond kept). */
function instantOf(text: string): { seconds: number; fraction: string } | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0));
  if (Number.isNaN(utc)) return null;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
  }
  return { seconds: utc / 1000 - offsetMinutes * 60, fraction: (fraction ?? '').replace(/0+$/, '') };
}

/** Negative when `a` sorts before `b`, positive after, 0 when they are the same cursor position. null sorts first. */
export function compareCursors(a: CursorValue, b: CursorValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return sign(a - b);
  if (typeof a === 'string' && typeof b === 'string') {
    const first = instantOf(a);
    const second = instantOf(b);
    if (first && second) return first.seconds !== second.seconds ? sign(first.seconds - second.seconds) : textOrder(first.fraction, second.fraction);
  }
  return textOrder(String(a), String(b));
}

/** The greater of two cursor values (a null never wins over a value). */
export function laterCursor(current: CursorValue, value: CursorValue): CursorValue {
  return compareCursors(value, current) > 0 ? value : current;
}

/** Whether `value` lies after the saved cursor `after` (a row an incremental read keeps); with no cursor, every row does. */
export function isAfterCursor(value: CursorValue, after: CursorValue): boolean {
  return after === null || (value !== null && compareCursors(value, after) > 0);
}
