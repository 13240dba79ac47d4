// How an attempt's log lines write numbers: the same words in every line.

/** At most one batch-progress line a second per resource: a fast source with small pages would otherwise write thousands. */
export const PROGRESS_LINE_MS = 1_000;

const numbers = new Intl.NumberFormat('en-US');

export const countText = (count: number, noun: string) => `${numbers.format(count)} ${noun}${count === 1 ? '' : 's'}`;

export const durationText = (ms: number) =>
  ms < 1_000 ? `${String(ms)} ms` : ms < 60_000 ? `${(ms / 1_000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`;
