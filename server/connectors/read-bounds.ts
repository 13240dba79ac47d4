// How much a connector may read from outside, and for how long: one HTTP answer (a REST page, a CSV
// file by URL) must end within `timeoutMs` of its request and hold at most `maxBytes`; a run whose source
// gives no rows for `stallMs` is ended (runs/stall-guard.ts). Set once at start from the environment
// (FLOWDECK_READ_TIMEOUT, FLOWDECK_READ_LIMIT, FLOWDECK_STALL_TIMEOUT); one process serves one
// configuration, so the connectors read them here rather than through every call.

export interface ReadBounds {
  timeoutMs: number;
  maxBytes: number;
  stallMs: number;
}

export const DEFAULT_READ_BOUNDS: ReadBounds = { timeoutMs: 10 * 60_000, maxBytes: 1024 * 1024 * 1024, stallMs: 5 * 60_000 };

let current: ReadBounds = DEFAULT_READ_BOUNDS;

export const readBounds = (): ReadBounds => current;

export function setReadBounds(bounds: ReadBounds): void {
  current = bounds;
}

/** A size as messages say it: "answered more than 256 MB". */
export const megabytes = (bytes: number) => `${String(Math.round((bytes / (1024 * 1024)) * 100) / 100)} MB`;
