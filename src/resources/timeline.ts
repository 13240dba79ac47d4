import { experimental_streamedQuery as streamedQuery, type QueryKey, queryOptions, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import type { CallOptions } from '@/api/client';
import { serviceNow } from '@/api/service-clock';
import { listTimeline, MAX_TIMELINE_LIMIT, type RunSpan } from '@/api/timeline';
import { resourceKeys } from './keys';

/** At most this many runs are drawn (four full pages); beyond it the timeline says it shows the oldest ones only. */
export const MAX_TIMELINE_SPANS = 4 * MAX_TIMELINE_LIMIT;
/** The first page is small, so the first bars show before the rest of a busy window arrives. */
const FIRST_PAGE = 1_000;

export interface TimelineWindow {
  spans: RunSpan[];
  /** The window read, epoch ms; `to` is when it was read (now). */
  from: number;
  to: number;
  /** Every page has arrived. */
  complete: boolean;
  /** More runs than MAX_TIMELINE_SPANS overlap the window. */
  truncated: boolean;
}

/** The window's runs page by page, each page with everything read so far. */
async function* windowPages(spanMs: number, options: CallOptions): AsyncGenerator<TimelineWindow> {
  // The service's now: a run that started a moment ago by its clock is inside the window.
  const to = serviceNow();
  const from = to - spanMs;
  const range = { from: new Date(from).toISOString(), to: new Date(to + 1).toISOString() };
  const spans: RunSpan[] = [];
  for (let offset = 0; offset < MAX_TIMELINE_SPANS;) {
    const limit = offset === 0 ? FIRST_PAGE : Math.min(MAX_TIMELINE_LIMIT, MAX_TIMELINE_SPANS - offset);
    const page = await listTimeline({ ...range, limit, offset }, options);
    spans.push(...page);
    offset += limit;
    if (page.length < limit) {
      yield { spans, from, to, complete: true, truncated: false };
      return;
    }
    yield { spans, from, to, complete: false, truncated: false };
  }
  yield { spans, from, to, complete: true, truncated: true };
}

async function readWindow(spanMs: number, options: CallOptions): Promise<TimelineWindow | null> {
  let last: TimelineWindow | null = null;
  for await (const page of windowPages(spanMs, options)) last = page;
  return last;
}

/**
 * How far back the heartbeat looks: every run not ended is in any window, and a run that ended within it is
 * seen ending by a heartbeat polled more often than this.
 */
const RECENT_LOOKBACK_MS = 60_000;

const EMPTY: TimelineWindow = { spans: [], from: 0, to: 0, complete: false, truncated: false };

/** Whether a window's first page has arrived (a streamed query starts from an empty value). */
export const hasTimelineData = (window: TimelineWindow | undefined): window is TimelineWindow => window !== undefined && window.to > 0;

export const timelineKeys = resourceKeys('timeline');

export const timelineQueries = {
  /**
   * Every run overlapping the last `spanMs` (the window moves with each refresh). Streamed: the first page shows
   * at once and the others join it; a refresh replaces the whole once it is complete.
   */
  window: (spanMs: number) =>
    queryOptions({
      queryKey: timelineKeys.list({ spanMs }),
      queryFn: streamedQuery<TimelineWindow, TimelineWindow>({
        streamFn: ({ signal }) => windowPages(spanMs, { signal }),
        reducer: (_previous, page) => ({ ...page, spans: [...page.spans] }),
        initialValue: EMPTY,
        refetchMode: 'replace',
      }),
    }),
  /**
   * The runs under way now and those of the last minute, across flows and workflows: one small request, for the
   * tab title and the heartbeat (a run that starts or ends changes it; see follow-runs.ts).
   */
  recent: () =>
    queryOptions({
      queryKey: timelineKeys.list('recent'),
      queryFn: async ({ signal }) => (await readWindow(RECENT_LOOKBACK_MS, { signal }))?.spans ?? [],
    }),
};

/**
 * Whether the service answered this timeline query 404: it has no timeline (the hosted one), so the caller turns the
 * query off. The 404 stays in the cache, so the service is not asked again.
 */
export function useTimelineMissing(queryKey: QueryKey): boolean {
  return isApiError(useQueryClient().getQueryState(queryKey)?.error, 'not_found');
}
