import { LOG_LEVELS, type LogLine } from '@/api/attempt-logs';

// Which lines the log view shows: the levels ticked, and the search text (any case) in the message or
// the resource's name. A level the service may add later is always shown: it cannot be ticked off.

export type KnownLevel = (typeof LOG_LEVELS)[number];

export const LEVEL_LABELS: Record<KnownLevel, string> = { debug: 'Debug', info: 'Info', warn: 'Warnings', error: 'Errors' };

const isKnownLevel = (level: string): level is KnownLevel => (LOG_LEVELS as readonly string[]).includes(level);

export interface LogFilter {
  levels: ReadonlySet<KnownLevel>;
  search: string;
}

export const ALL_LEVELS: ReadonlySet<KnownLevel> = new Set(LOG_LEVELS);

export function filterLogLines(lines: readonly LogLine[], { levels, search }: LogFilter): readonly LogLine[] {
  const needle = search.trim().toLowerCase();
  if (needle === '' && levels.size === LOG_LEVELS.length) return lines;
  return lines.filter(
    (line) =>
      (!isKnownLevel(line.level) || levels.has(line.level)) &&
      (needle === '' || line.message.toLowerCase().includes(needle) || (line.resource?.toLowerCase().includes(needle) ?? false)),
  );
}

/** Where `search` occurs in `text` (any case): the pieces, every other one a match. */
export function splitOnMatches(text: string, search: string): string[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [text];
  const pieces: string[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    pieces.push(text.slice(from, at), text.slice(at, at + needle.length));
    from = at + needle.length;
  }
  pieces.push(text.slice(from));
  return pieces;
}
