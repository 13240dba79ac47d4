import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, idSchema, listOf } from './common';
import { runOutcomeFields } from './flows';

// Flowdeck's addition: every flow attempt and workflow run that overlaps a time window, across flows and
// workflows, in one bounded list. The overview's timeline draws it; the hosted service has no such operation.

/** The longest window one request may ask for: the timeline's widest is 7 days. */
export const MAX_TIMELINE_WINDOW_MS = 31 * 24 * 3_600_000;
/** Spans are small (no resources), so a page holds more than the other lists' 1000. */
export const MAX_TIMELINE_LIMIT = 5_000;
export const DEFAULT_TIMELINE_LIMIT = 1_000;

export const RUN_SPAN_KINDS = ['flow', 'workflow'] as const;

/** One bar of the timeline: a flow's run attempt (`owner` is the flow) or a workflow's run (`owner` is the workflow). */
export const runSpanSchema = z.object({
  kind: z.enum(RUN_SPAN_KINDS),
  owner: idSchema,
  id: idSchema,
  number: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "A flow attempt's number within its flow; null for a workflow run." }),
  ...runOutcomeFields,
});
export type RunSpan = z.infer<typeof runSpanSchema>;

export const timelineParamsSchema = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  limit: z.number().int().min(1).max(MAX_TIMELINE_LIMIT).default(DEFAULT_TIMELINE_LIMIT),
  offset: z.number().int().min(0).default(0),
});
export type TimelineParams = z.input<typeof timelineParamsSchema>;

/**
 * GET /v2/timeline?from=&to=&limit=&offset= (Flowdeck's addition): the runs that overlap [from, to): started
 * before `to` and not ended before `from` (running ones included), oldest first (createdAt, then kind, then id).
 */
export function listTimeline(params: TimelineParams, options: CallOptions = {}): Promise<RunSpan[]> {
  return callOperation(
    'listTimeline',
    'GET /timeline',
    { query: { ...writeBody(timelineParamsSchema, params) }, schema: dataOf(listOf(runSpanSchema)) },
    options,
  );
}
