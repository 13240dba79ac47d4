import { z } from 'zod';
import { callOperation } from './call-operation';
import type { CallOptions } from './client';
import { dataOf, idSchema, listOf, nullableDateTimeSchema, dateTimeSchema, openEnum } from './common';
import { RUN_TRIGGERS, runDispositionSchema, runLifecycleSchema } from './flows';

// Flowdeck's additions (issue 31): every flow attempt and workflow run in one list, newest first, paged
// by an opaque cursor (GET /v2/runs); and one cheap read of what changed since a cursor
// (GET /v2/run-changes), so an idle page learns of a run started elsewhere without polling each list.

export const RUN_KINDS = ['flow', 'workflow'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/** What the status filter may ask for: waiting for a slot, running, or ended one way or the other. */
export const RUN_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type RunStatusFilter = (typeof RUN_STATUSES)[number];

/** Newest first (the default) or oldest first, by start. */
export const RUN_ORDERS = ['desc', 'asc'] as const;
export type RunOrder = (typeof RUN_ORDERS)[number];

export const MAX_RUNS_LIMIT = 200;
export const DEFAULT_RUNS_LIMIT = 50;

/** One row of the Runs page: a flow's attempt (`flow` set) or a workflow's run (`workflow` set). */
export const runListItemSchema = z.object({
  kind: openEnum(RUN_KINDS, 'lower'),
  id: idSchema,
  number: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "The attempt's number within its flow, or the run's within its workflow (#1 is the first)." }),
  flow: idSchema.nullish().transform((value) => value ?? null),
  workflow: idSchema.nullish().transform((value) => value ?? null),
  name: z.string().meta({ description: "What ran: the flow's or the workflow's name." }),
  trigger: openEnum(RUN_TRIGGERS, 'lower'),
  lifecycle: runLifecycleSchema,
  disposition: runDispositionSchema,
  createdAt: dateTimeSchema,
  completedAt: nullableDateTimeSchema,
  rowsLoaded: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0)
    .meta({ description: 'Rows the destination kept (a workflow run: all its steps together).' }),
  waitingFor: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "What a pending run waits for, in a sentence (`2 runs ahead for “Warehouse”`, a retry's due time), or null." }),
});
export type RunListItem = z.infer<typeof runListItemSchema>;

export const runsPageSchema = z.object({
  data: listOf(runListItemSchema),
  next: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'The cursor of the page after this one (`cursor`), or null on the last page.' }),
});
export type RunsPage = z.infer<typeof runsPageSchema>;

/** The filters and page of GET /v2/runs; every one optional. `from` and `to` bound `createdAt` ([from, to)). */
export const runsParamsSchema = z.strictObject({
  status: z.enum(RUN_STATUSES).optional(),
  trigger: z.enum(RUN_TRIGGERS).optional(),
  flow: z.number().int().positive().optional(),
  workflow: z.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.number().int().min(1).max(MAX_RUNS_LIMIT).optional(),
  cursor: z.string().optional(),
  order: z.enum(RUN_ORDERS).optional(),
});
export type RunsParams = z.input<typeof runsParamsSchema>;

/**
 * GET /v2/runs (Flowdeck's addition): flow attempts and workflow runs together, newest first (`order=asc`:
 * oldest first). `flow`
 * keeps that flow's attempts, `workflow` that workflow's runs (both: the two together). Keyset paged:
 * pass `next` back as `cursor`; a page never repeats or skips a row while new runs arrive.
 */
export function listRuns(params: RunsParams = {}, options: CallOptions = {}): Promise<RunsPage> {
  return callOperation('listRuns', 'GET /runs', { query: { ...runsParamsSchema.parse(params) }, schema: runsPageSchema }, options);
}

export const runChangesSchema = z.object({
  changed: z
    .object({ flows: listOf(idSchema), workflows: listOf(idSchema) })
    .meta({ description: 'Flows and workflows whose runs started, changed lifecycle or ended since `since` (none without `since`).' }),
  active: z.object({ flows: listOf(idSchema), workflows: listOf(idSchema) }).meta({ description: 'Flows and workflows with a run pending or running now.' }),
  next: z.string().meta({ description: 'Ask again with this as `since`.' }),
});
export type RunChanges = z.infer<typeof runChangesSchema>;

/** The longest a run-changes read may wait for a change: under the proxies' and browsers' idle timeouts. */
export const MAX_CHANGES_WAIT_SECONDS = 20;

/**
 * GET /v2/run-changes?since=&wait= (Flowdeck's addition): what changed since an earlier answer's `next`, and
 * what is active now. One small read for a whole page: a page refetches only what it names. With `wait`
 * (seconds, at most MAX_CHANGES_WAIT_SECONDS) and nothing changed since `since`, the service holds the answer
 * until something changes or the wait is over, so an idle page asks rarely and still hears of a run at once.
 */
export function getRunChanges(since?: string, wait?: number, options: CallOptions = {}): Promise<RunChanges> {
  return callOperation('getRunChanges', 'GET /run-changes', { query: { since, wait }, schema: dataOf(runChangesSchema) }, options);
}
