import { type DateInput, partsOf, type Zone } from './format';

// A date picker's wall time (`YYYY-MM-DD HH:mm:ss`) in a zone, and back to an instant. Intl tells the fields of
// an instant in the zone; the way back builds the instant from the fields (Date.UTC, or the Date constructor,
// which reads them in the browser's zone). No date library: these run on pages whose pickers have not loaded.

/** A wall time without a zone or offset: its fields are read in the zone asked for. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

const wallFormats = new Map<Zone, Intl.DateTimeFormat>();

function wallFormat(zone: Zone): Intl.DateTimeFormat {
  let format = wallFormats.get(zone);
  if (!format) {
    const fields = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    format = new Intl.DateTimeFormat('en-US', { ...fields, hourCycle: 'h23', timeZone: zone === 'utc' ? 'UTC' : undefined });
    wallFormats.set(zone, format);
  }
  return format;
}

/** The instant a wall time stands for in `zone`; an invalid Date when it is not one. */
export function fromWallTime(zone: Zone, wallTime: string): Date {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return new Date(Number.NaN);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((field: string | undefined) => Number(field ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((match[7] ?? '0').padEnd(3, '0'));
  const date = zone === 'utc' ? new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms)) : new Date(year, month - 1, day, hour, minute, second, ms);
  // 2026-02-31 would roll over into March: not a wall time.
  const monthShown = zone === 'utc' ? date.getUTCMonth() : date.getMonth();
  return monthShown === month - 1 ? date : new Date(Number.NaN);
}

/** A date: a wall time (no offset) read in `zone`, anything else as the Date constructor reads it (ISO with an offset, epoch ms). */
export function readInstant(zone: Zone, value: DateInput): Date {
  return typeof value === 'string' && WALL_TIME.test(value.trim()) ? fromWallTime(zone, value) : new Date(value);
}

/**
 * An instant (or a date string: with an offset it is an instant, without one its fields are read in `zone`) as the
 * wall time `zone` shows; null when it is not a date.
 */
export function toWallTime(zone: Zone, value: DateInput): string | null {
  const date = readInstant(zone, value);
  if (Number.isNaN(date.getTime())) return null;
  const part = partsOf(wallFormat(zone).formatToParts(date));
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
