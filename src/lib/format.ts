// Numbers, dates and durations as the screens show them. Times in the browser's zone, 24-hour clock.

const countFormat = new Intl.NumberFormat(undefined);
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** An ISO date-time for people; an unreadable one is shown as it came. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
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
  return `${countFormat.format(Math.round((rows * 1_000) / ms))} rows/s`;
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
