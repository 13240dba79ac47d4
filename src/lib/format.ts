// Numbers, dates and durations as the screens show them, and the order lists sort names in: the one module that
// formats them. Dates are told in the zone the user chose (lib/time-zone.ts: the browser's or UTC), always with the
// zone's name, 24-hour clock. A date picker's wall time, and back, is in wall-time.ts.

/**
 * Built on first use, then kept: an Intl formatter costs milliseconds to build (the first one also loads the
 * locale's data), and built at module load they ran in the first screen's render task, before its first paint.
 */
function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const countFormat = lazy(() => new Intl.NumberFormat(undefined));

export function formatCount(value: number): string {
  return countFormat().format(value);
}

const nameCollator = lazy(() => new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }));

/** How lists order names: case and accents aside, numbers by value (`flow 9` before `flow 10`). */
export function compareNames(a: string, b: string): number {
  return nameCollator().compare(a, b);
}

export type Zone = 'local' | 'utc';

/** A date as the screens show it: an ISO string, a Date or epoch milliseconds. */
export type DateInput = string | Date | number;

export interface DateFormat {
  zone: Zone;
  /** The zone's name as dates show it: `UTC`, `GMT-5`, `CET`. */
  zoneName: string;
  /** `Nov 24, 2026, 04:19:03 UTC`; "—" for no date; an unreadable one as it came. */
  dateTime: (value: DateInput | null | undefined) => string;
  /** `Nov 24, 2026, 04:19 UTC`: for schedules and expiries, where seconds are noise. */
  dateTimeMinutes: (value: DateInput | null | undefined) => string;
  /** `Mon, Nov 24, 04:19 UTC`: the next runs of a schedule. */
  weekdayTime: (value: DateInput) => string;
  /** `04:19:03.250`: a log line's time of day, to the millisecond (the zone is the header's choice). */
  clockTime: (value: DateInput) => string;
}

const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } as const;

function create(zone: Zone): DateFormat {
  const timeZone = zone === 'utc' ? 'UTC' : undefined;
  const seconds = lazy(() => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', ...clock, second: '2-digit', timeZone }));
  const minutes = lazy(() => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', ...clock, timeZone }));
  const weekday = lazy(() => new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', ...clock, timeZone }));
  const timeOfDay = lazy(
    () => new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hourCycle: 'h23', timeZone }),
  );
  const readable = (format: () => Intl.DateTimeFormat) => (value: DateInput | null | undefined) => {
    if (value === null || value === undefined || value === '') return '—';
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : format().format(date);
  };
  const zoneName = lazy(
    () =>
      new Intl.DateTimeFormat(undefined, { timeZoneName: 'short', timeZone }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ??
      (zone === 'utc' ? 'UTC' : 'local time'),
  );
  return {
    zone,
    get zoneName() {
      return zoneName();
    },
    dateTime: readable(seconds),
    dateTimeMinutes: readable(minutes),
    weekdayTime: readable(weekday),
    // Assembled from its parts, so every locale reads it the same way in a column of log lines.
    clockTime: (value) => {
      const part = partsOf(timeOfDay().formatToParts(new Date(value)));
      return `${part('hour')}:${part('minute')}:${part('second')}.${part('fractionalSecond')}`;
    },
  };
}

/** Reads one part (`hour`, `month`…) of what `formatToParts` gave; '' when it has none. */
export function partsOf(parts: Intl.DateTimeFormatPart[]): (type: Intl.DateTimeFormatPartTypes) => string {
  return (type) => parts.find((part) => part.type === type)?.value ?? '';
}

const formats = new Map<Zone, DateFormat>();

/** One formatter per zone, made once (Intl formatters are costly to build, cheap to use). */
export function dateFormat(zone: Zone): DateFormat {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = create(zone)));
  return format;
}

/** `1 h 02 min`, `3 min 05 s`, `12 s`, `850 ms`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1_000) return `${String(Math.round(ms))} ms`;
  const seconds = Math.floor(ms / 1_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (seconds < 60) return `${String(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)} min ${pad(seconds % 60)} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${String(hours)} h ${pad(minutes % 60)} min`;
  return `${String(Math.floor(hours / 24))} d ${String(hours % 24)} h`;
}

/**
 * `1,234 rows/s`: how fast rows moved over a time. A run's total is unknown while it runs, so live views
 * show counts, this rate and the elapsed time rather than a percentage.
 */
export function formatRate(rows: number, ms: number | null): string {
  if (ms === null || ms < 1_000) return '—';
  return `${countFormat().format(Math.round((rows * 1_000) / ms))} rows/s`;
}

/** How long a run took, or has been going (completedAt null while running). */
export function runDurationMs(createdAt: string, completedAt: string | null, now: number): number | null {
  const start = Date.parse(createdAt);
  const end = completedAt ? Date.parse(completedAt) : now;
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.max(0, end - start);
}

/** `just now`, `12 s ago`, `5 min ago`, `3 h ago`, `2 d ago`; a future time reads `in 5 min`. */
export function formatTimeAgo(from: number, now: number): string {
  const deltaMs = now - from;
  const future = deltaMs < 0;
  const seconds = Math.round(Math.abs(deltaMs) / 1_000);
  let text: string;
  if (seconds < 5) return 'just now';
  if (seconds < 60) text = `${String(seconds)} s`;
  else if (seconds < 3_600) text = `${String(Math.floor(seconds / 60))} min`;
  else if (seconds < 172_800) text = `${String(Math.floor(seconds / 3_600))} h`;
  else text = `${String(Math.floor(seconds / 86_400))} d`;
  return future ? `in ${text}` : `${text} ago`;
}

/** `6 d 23 h`, `4 h 5 min`, `42 s`: the time left (or gone), in its two largest units, for countdowns. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${String(days)} d ${String(hours)} h`;
  if (hours > 0) return `${String(hours)} h ${String(minutes)} min`;
  if (minutes > 0) return `${String(minutes)} min ${String(seconds % 60)} s`;
  return `${String(seconds)} s`;
}

/** `2.5 h`, `4 min`, `40 s`: one unit, for a chart's axis where two would not fit. */
export function formatDurationCompact(ms: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (ms >= 3_600_000) return `${round(ms / 3_600_000)} h`;
  if (ms >= 60_000) return `${round(ms / 60_000)} min`;
  return `${round(ms / 1_000)} s`;
}
