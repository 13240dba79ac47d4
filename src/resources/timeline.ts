import { queryOptions } from '@tanstack/react-query';
import type { CallOptions } from '@/api/client';
import { listTimeline, MAX_TIMELINE_LIMIT, type RunSpan } from '@/api/timeline';
import { resourceKeys } from './keys';

/** At most this many runs are drawn (four pages); beyond it the timeline says it shows the oldest ones only. */
export const MAX_TIMELINE_SPANS = 4 * MAX_TIMELINE_LIMIT;

export interface TimelineWindow {
  spans: RunSpan[];
  /** The window read, epoch ms; `to` is when it was read (now). */
  from: number;
  to: number;
  /** More runs than MAX_TIMELINE_SPANS overlap the window. */
  truncated: boolean;
}

async function readWindow(spanMs: number, options: CallOptions): Promise<TimelineWindow> {
  const to = Date.now();
  const from = to - spanMs;
  const range = { from: new Date(from).toISOString(), to: new Date(to + 1).toISOString() };
  const spans: RunSpan[] = [];
  for (let offset = 0; offset < MAX_TIMELINE_SPANS; offset += MAX_TIMELINE_LIMIT) {
    const page = await listTimeline({ ...range, limit: MAX_TIMELINE_LIMIT, offset }, options);
    spans.push(...page);
    if (page.length < MAX_TIMELINE_LIMIT) return { spans, from, to, truncated: false };
  }
  return { spans, from, to, truncated: true };
}

/** How far back the running-flows count looks: every run not ended is in any window, so a short one is enough. */
const RUNNING_LOOKBACK_MS = 60_000;

export const timelineKeys = resourceKeys('timeline');

export const timelineQueries = {
  /** Every run overlapping the last `spanMs` (the window moves with each refresh). */
  window: (spanMs: number) => queryOptions({ queryKey: timelineKeys.list({ spanMs }), queryFn: ({ signal }) => readWindow(spanMs, { signal }) }),
  /** The runs under way now, across flows and workflows: one small request, for the tab title. */
  running: () =>
    queryOptions({
      queryKey: timelineKeys.list('running'),
      queryFn: async ({ signal }) => (await readWindow(RUNNING_LOOKBACK_MS, { signal })).spans.filter((span) => span.completedAt === null),
    }),
};
