import type { Flow } from '@/api/flows';
import { endpointFallbackName } from '@/components/endpoint-noun';
import { describeSchedule, scheduleOf } from '@/lib/schedule';
import type { NameIndex } from '@/resources/endpoints';
import type { FlowsSearch } from './flows-search';
import { flowName } from '@/lib/flow-name';

/** A flow with what the list shows and searches, computed once per list rather than per keystroke. */
export interface FlowRow {
  flow: Flow;
  sourceName: string;
  destinationName: string;
  scheduleWords: string;
  scheduleKind: 'frequency' | 'cron' | 'manual';
  /** Lowercased name, id, source, destination and schedule words. */
  haystack: string;
}

export function sourceLabel(names: NameIndex | undefined, id: number): string {
  return names?.get(id) ?? endpointFallbackName('source', id);
}

export function destinationLabel(names: NameIndex | undefined, id: number): string {
  return names?.get(id) ?? endpointFallbackName('destination', id);
}

export function toFlowRows(flows: readonly Flow[], sources: NameIndex | undefined, destinations: NameIndex | undefined): FlowRow[] {
  return flows.map((flow) => {
    const schedule = scheduleOf(flow);
    const sourceName = sourceLabel(sources, flow.source);
    const destinationName = destinationLabel(destinations, flow.destination);
    const scheduleWords = describeSchedule(schedule);
    const scheduleKind =
      schedule.kind === 'cron' ? 'cron' : schedule.kind === 'frequency' && flow.frequency?.toLowerCase() !== 'manual' ? 'frequency' : 'manual';
    const name = flowName(flow);
    return {
      flow,
      sourceName,
      destinationName,
      scheduleWords,
      scheduleKind,
      haystack: [name, `#${String(flow.id)}`, sourceName, destinationName, scheduleWords, flow.cron ?? '', flow.paused ? 'paused' : '']
        .join('\n')
        .toLowerCase(),
    };
  });
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const SCHEDULE_RANK = { frequency: 0, cron: 1, manual: 2 } as const;

function compare(a: FlowRow, b: FlowRow, sort: FlowsSearch['sort']): number {
  switch (sort) {
    case 'id':
      return a.flow.id - b.flow.id;
    case 'source':
      return collator.compare(a.sourceName, b.sourceName);
    case 'destination':
      return collator.compare(a.destinationName, b.destinationName);
    case 'schedule':
      return SCHEDULE_RANK[a.scheduleKind] - SCHEDULE_RANK[b.scheduleKind] || collator.compare(a.scheduleWords, b.scheduleWords);
    case 'name':
      return collator.compare(a.flow.displayName, b.flow.displayName);
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
  const kept: FlowRow[] = [];
  // A plain loop: 10,000 rows on every keystroke.
  for (const row of rows) {
    if (schedule !== 'all' && (schedule === 'paused' ? !row.flow.paused : row.scheduleKind !== schedule)) continue;
    if (freshness !== 'all' && row.flow.freshness !== freshness) continue;
    let matches = true;
    for (const word of words) {
      if (!row.haystack.includes(word)) {
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
