import type { Flow } from '@/api/flows';
import { scheduleWords } from '@/lib/cron-words';
import { endpointFallbackName } from '@/lib/endpoint-names';
import { type Schedule, scheduleOf } from '@/lib/schedule-basics';
import type { NameIndex } from '@/resources/endpoints';
import type { FlowsSearch } from './flows-search';
import { flowName } from '@/lib/flow-name';
import { compareNames } from '@/lib/format';

/** A flow with what the list shows and searches, computed once per list rather than per keystroke. */
export interface FlowRow {
  flow: Flow;
  sourceName: string;
  destinationName: string;
  scheduleWords: string;
  scheduleKind: 'frequency' | 'cron' | 'manual';
  /** Lowercased name and `#id`: what the search looks through row by row. */
  nameKey: string;
  /**
   * Lowercased source, destination, schedule words, cron and `paused`: what many rows share, so one string for
   * all rows alike, and the search asks each of them once per word rather than once per row.
   */
  facetKey: string;
}

export function sourceLabel(names: NameIndex | undefined, id: number): string {
  return names?.get(id) ?? endpointFallbackName('source', id);
}

export function destinationLabel(names: NameIndex | undefined, id: number): string {
  return names?.get(id) ?? endpointFallbackName('destination', id);
}

export function toFlowRows(
  flows: readonly Flow[],
  sources: NameIndex | undefined,
  destinations: NameIndex | undefined,
  describeSchedule: (schedule: Schedule) => string = scheduleWords.describeSchedule,
): FlowRow[] {
  const facets = new Map<string, string>();
  // Thousands of flows share a handful of schedules: each is put in words once.
  const wordsBySchedule = new Map<string, string>();
  return flows.map((flow) => {
    const schedule = scheduleOf(flow);
    const sourceName = sourceLabel(sources, flow.source);
    const destinationName = destinationLabel(destinations, flow.destination);
    const scheduleKey = `${flow.cron ?? ''}\n${flow.frequency ?? ''}`;
    let scheduleWords = wordsBySchedule.get(scheduleKey);
    if (scheduleWords === undefined) {
      scheduleWords = describeSchedule(schedule);
      wordsBySchedule.set(scheduleKey, scheduleWords);
    }
    const scheduleKind =
      schedule.kind === 'cron' ? 'cron' : schedule.kind === 'frequency' && flow.frequency?.toLowerCase() !== 'manual' ? 'frequency' : 'manual';
    const name = flowName(flow);
    return {
      flow,
      sourceName,
      destinationName,
      scheduleWords,
      scheduleKind,
      nameKey: `${name}\n#${String(flow.id)}`.toLowerCase(),
      facetKey: intern(facets, [sourceName, destinationName, scheduleWords, flow.cron ?? '', flow.paused ? 'paused' : ''].join('\n').toLowerCase()),
    };
  });
}

function intern(strings: Map<string, string>, text: string): string {
  const known = strings.get(text);
  if (known !== undefined) return known;
  strings.set(text, text);
  return text;
}

const SCHEDULE_RANK = { frequency: 0, cron: 1, manual: 2 } as const;

function compare(a: FlowRow, b: FlowRow, sort: FlowsSearch['sort']): number {
  switch (sort) {
    case 'id':
      return a.flow.id - b.flow.id;
    case 'source':
      return compareNames(a.sourceName, b.sourceName);
    case 'destination':
      return compareNames(a.destinationName, b.destinationName);
    case 'schedule':
      return SCHEDULE_RANK[a.scheduleKind] - SCHEDULE_RANK[b.scheduleKind] || compareNames(a.scheduleWords, b.scheduleWords);
    case 'name':
      return compareNames(a.flow.displayName, b.flow.displayName);
  }
}

/** Sorted once per list and order, not per keystroke: ties keep id order so the list never jumps. */
export function sortFlowRows(rows: readonly FlowRow[], sort: FlowsSearch['sort'], dir: FlowsSearch['dir']): FlowRow[] {
  const direction = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => direction * compare(a, b, sort) || a.flow.id - b.flow.id);
}

const wordsOf = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);

/** Search (every word must match), schedule kind and freshness; the rows keep the order they come in. */
export function filterFlowRows(rows: readonly FlowRow[], search: Pick<FlowsSearch, 'q' | 'schedule' | 'freshness'>): readonly FlowRow[] {
  const words = wordsOf(search.q);
  if (words.length === 0 && search.schedule === 'all' && search.freshness === 'all') return rows;
  const { schedule, freshness } = search;
  // Whether a word lies in a facet, asked once per facet (a handful of sources, destinations and schedules).
  const tests = words.map((word) => ({ word, inFacet: new Map<string, boolean>() }));
  const kept: FlowRow[] = [];
  // A plain loop: 10,000 rows on every keystroke. A word has no spaces, so it lies within one field or none:
  // within the name and id, or within the facets.
  for (const row of rows) {
    if (schedule !== 'all' && (schedule === 'paused' ? !row.flow.paused : row.scheduleKind !== schedule)) continue;
    if (freshness !== 'all' && row.flow.freshness !== freshness) continue;
    let matches = true;
    for (const { word, inFacet } of tests) {
      if (row.nameKey.includes(word)) continue;
      let found = inFacet.get(row.facetKey);
      if (found === undefined) {
        found = row.facetKey.includes(word);
        inFacet.set(row.facetKey, found);
      }
      if (!found) {
        matches = false;
        break;
      }
    }
    if (matches) kept.push(row);
  }
  return kept;
}

/** Every row `next` matches, `previous` matches too: each of its words lies within one of `next`'s (typing on). */
function narrows(previous: string, next: string): boolean {
  const nextWords = wordsOf(next);
  return wordsOf(previous).every((word) => nextWords.some((nextWord) => nextWord.includes(word)));
}

/**
 * filterFlowRows that remembers its last answer: a search that narrows the last one (the next keystroke)
 * looks only through the rows that last one kept, not through every flow again.
 */
export function narrowingFilter() {
  let last: { rows: readonly FlowRow[]; search: Pick<FlowsSearch, 'q' | 'schedule' | 'freshness'>; kept: readonly FlowRow[] } | null = null;
  return (rows: readonly FlowRow[], search: Pick<FlowsSearch, 'q' | 'schedule' | 'freshness'>): readonly FlowRow[] => {
    const from =
      last !== null &&
      last.rows === rows &&
      last.search.schedule === search.schedule &&
      last.search.freshness === search.freshness &&
      narrows(last.search.q, search.q)
        ? last.kept
        : rows;
    const kept = filterFlowRows(from, search);
    last = { rows, search, kept };
    return kept;
  };
}
