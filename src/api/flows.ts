import { z } from 'zod';
import { type PageRequest, readAllPages } from './all-pages';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import {
  dataOf,
  dateTimeSchema,
  idInputSchema,
  idSchema,
  listOf,
  maybeWrapped,
  messageResponseSchema,
  type MessageResponse,
  nullableDateTimeSchema,
  openEnum,
  optionalText,
  runResponseSchema,
  textOrEmpty,
} from './common';
import { freshnessSchema } from './freshness';
import { retryFields, RUN_POLICY_INPUT_FIELDS, runPolicyFields, runPolicyInputFields } from './run-policy';
import { FLOW_TABLE_FIELDS, flowTableFields, flowTableInputFields } from './tables';

export const FREQUENCIES = ['manual', '24h', '12h', '6h', '1h', '30m', '15m'] as const;

/**
 * Each flow carries `frequency` or `cron`; cron wins when both are set. Empty strings read as unset.
 * `paused` is Flowdeck's: a service without it (the hosted one) reads as never paused.
 */
export const flowSchema = z.object({
  id: idSchema,
  displayName: textOrEmpty,
  source: idSchema,
  destination: idSchema,
  frequency: optionalText,
  cron: optionalText,
  paused: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false)
    .meta({ description: "Flowdeck's addition: the flow keeps its schedule but does not run on it; manual runs still work. Absent: false." }),
  freshness: freshnessSchema,
  ...runPolicyFields,
  ...flowTableFields,
});
export type Flow = z.infer<typeof flowSchema>;

/**
 * The interface shows `scheduled` and `manual`; Flowdeck adds `workflow` (a step of a workflow run,
 * manual or scheduled) and `webhook` (a step of a workflow run a webhook delivery started). Open set.
 */
export const RUN_TRIGGERS = ['scheduled', 'manual', 'workflow', 'webhook'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const RUN_LIFECYCLES = ['pending', 'running', 'not_running'] as const;
export const RUN_DISPOSITIONS = ['none', 'succeeded', 'failed'] as const;

/** Lifecycle and disposition are read lowercase for run attempts and workflow status alike. */
export const runLifecycleSchema = openEnum(RUN_LIFECYCLES, 'lower');
export const runDispositionSchema = openEnum(RUN_DISPOSITIONS, 'lower');
export type RunLifecycle = z.infer<typeof runLifecycleSchema>;
export type RunDisposition = z.infer<typeof runDispositionSchema>;

const countSchema = z.number().int().nonnegative().default(0);

/**
 * `loaded` counts rows the destination keeps: 0 until the resource's table commits. Flowdeck adds
 * `written` (rows written into the load so far, kept only once it commits) and `committed`.
 */
export const resourceProgressSchema = z.object({
  name: z.string(),
  extracted: countSchema,
  analyzed: countSchema,
  loaded: countSchema,
  written: countSchema.meta({ description: "Flowdeck's addition: rows written into the load so far, not kept until it commits. Absent: 0." }),
  committed: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false)
    .meta({ description: "Flowdeck's addition: the resource's table committed (its `loaded` rows are kept). Absent: false." }),
  errors: listOf(z.string()),
});
export type ResourceProgress = z.infer<typeof resourceProgressSchema>;

/** What every kind of run says of itself: a flow's run attempt and a workflow's run (Flowdeck's addition) alike. */
export const runOutcomeFields = {
  trigger: openEnum(RUN_TRIGGERS, 'lower'),
  lifecycle: runLifecycleSchema,
  disposition: runDispositionSchema,
  errors: listOf(z.string()),
  completedAt: nullableDateTimeSchema,
  createdAt: dateTimeSchema,
};

/** `resources` is absent on failed attempts and `errors` present on them: both default to empty lists. */
export const runAttemptSchema = z.object({
  id: idSchema,
  flow: idSchema,
  number: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "Flowdeck's addition: the attempt's number within its flow (#1, #2 ...); `id` is global. Absent: null." }),
  ...runOutcomeFields,
  trigger: openEnum(RUN_TRIGGERS, 'lower').meta({
    description: 'Shown: scheduled, manual. Flowdeck adds workflow (a step of a workflow run) and webhook (a step of a run a webhook delivery started).',
  }),
  resources: listOf(resourceProgressSchema),
  waitingFor: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({
      description:
        "Flowdeck's addition: what a waiting attempt waits for, in a sentence (a run slot: `2 runs ahead for “Warehouse”`; another load into the same DuckDB file), or null.",
    }),
  ...retryFields,
});
export type RunAttempt = z.infer<typeof runAttemptSchema>;

/** The most run attempts one page of `GET /v2/flows/{id}/run` returns. */
export const MAX_ATTEMPTS_LIMIT = 1000;

export const runAttemptsParamsSchema = z.strictObject({
  limit: z.number().int().min(1).max(MAX_ATTEMPTS_LIMIT).default(100),
  offset: z.number().int().min(0).default(0),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type RunAttemptsParams = z.input<typeof runAttemptsParamsSchema>;

/** GET /v2/flows/{id} (Flowdeck's addition: the hosted service finds a flow in the list). */
export function getFlow(id: number, options: CallOptions = {}): Promise<Flow> {
  return callOperation('getFlow', 'GET /flows/{id}', { params: { id }, schema: dataOf(flowSchema) }, options);
}

/**
 * GET /v2/flows: every flow, read page by page where the service pages (Flowdeck's does, 1000 at a time);
 * with `page`, that page alone (a service that does not page answers every flow).
 */
export function listFlows(options: CallOptions = {}, page?: PageRequest): Promise<Flow[]> {
  const readPage = (which: PageRequest) => callOperation('listFlows', 'GET /flows', { query: { ...which }, schema: dataOf(listOf(flowSchema)) }, options);
  return page ? readPage(page) : readAllPages(readPage);
}

/** POST /v2/flows/{id}/run: starts a run asynchronously; answers 201 `{ "message": "Created" }`. */
export function runFlow(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('runFlow', 'POST /flows/{id}/run', { params: { id }, schema: runResponseSchema }, options);
}

/**
 * GET /v2/flows/{id}/run: attempts sorted by createdAt. The direction goes as `order` (the interface
 * document's name) and as `sort` (the hosted documentation's), so either kind of service sorts it.
 */
export async function listRunAttempts(id: number, params: RunAttemptsParams = {}, options: CallOptions = {}): Promise<RunAttempt[]> {
  const query = writeBody(runAttemptsParamsSchema, params);
  return callOperation(
    'listRunAttempts',
    'GET /flows/{id}/run',
    { params: { id }, query: { ...query, sort: query.order.toLowerCase() }, schema: dataOf(listOf(runAttemptSchema)) },
    options,
  );
}

/** GET /v2/flows/{id}/run/{attemptId} (Flowdeck's addition): one attempt, however far back in the list it is. */
export function getRunAttempt(flowId: number, attemptId: number, options: CallOptions = {}): Promise<RunAttempt> {
  return callOperation('getRunAttempt', 'GET /flows/{id}/run/{attemptId}', { params: { id: flowId, attemptId }, schema: dataOf(runAttemptSchema) }, options);
}

/**
 * GET /v2/flows/{id}/status, read in both shapes services answer: the hosted one, unwrapped and UPPERCASE
 * like workflow status (`{ id, lifecycle, disposition, resources, errors, completedAt }`, `errors` null
 * when there are none), with Flowdeck's `lastAttempt` beside it or not; and Flowdeck's earlier
 * `{ data: { id, lifecycle, disposition, lastAttempt } }`, whose other fields come from its attempt.
 * `lastAttempt` stays undefined when the service does not report it (the hosted service does not).
 */
export const flowStatusSchema = maybeWrapped(
  z.object({
    id: idSchema,
    lifecycle: runLifecycleSchema,
    disposition: runDispositionSchema,
    resources: z.array(resourceProgressSchema).nullish(),
    errors: z.array(z.string()).nullish(),
    completedAt: z.string().nullish(),
    lastAttempt: runAttemptSchema.nullish(),
  }),
).transform(({ resources, errors, completedAt, lastAttempt, ...state }) => ({
  ...state,
  resources: resources ?? lastAttempt?.resources ?? [],
  errors: errors ?? (resources === undefined ? lastAttempt?.errors : undefined) ?? [],
  completedAt: completedAt ?? (resources === undefined ? lastAttempt?.completedAt : undefined) ?? null,
  lastAttempt,
}));
/** A flow status as a service answers it; `lastAttempt` undefined: the service does not report it. */
export type FlowStatusAnswer = z.infer<typeof flowStatusSchema>;
/** A flow status with its newest attempt (null: never run): what the dashboard shows. */
export type FlowStatus = FlowStatusAnswer & { lastAttempt: RunAttempt | null };

/** The status a flow's newest attempt implies, for services that answer the status without it. */
export function flowStatusOf(id: number, attempt: RunAttempt | null): FlowStatus {
  return {
    id,
    lifecycle: attempt?.lifecycle ?? 'not_running',
    disposition: attempt?.disposition ?? 'none',
    resources: attempt?.resources ?? [],
    errors: attempt?.errors ?? [],
    completedAt: attempt?.completedAt ?? null,
    lastAttempt: attempt,
  };
}

/** GET /v2/flows/{id}/status (documented by the hosted service; the run and cancel answers point callers to it). */
export function getFlowStatus(id: number, options: CallOptions = {}): Promise<FlowStatusAnswer> {
  return callOperation('getFlowStatus', 'GET /flows/{id}/status', { params: { id }, schema: flowStatusSchema }, options);
}

/** The most flows one GET /v2/flow-statuses names. */
export const MAX_STATUS_IDS = 100;

/**
 * GET /v2/flow-statuses?ids=1,2,3 (Flowdeck's addition): the statuses of up to 100 flows in one request, each
 * as GET /v2/flows/{id}/status answers it; a flow that does not exist is left out.
 */
export function listFlowStatuses(ids: readonly number[], options: CallOptions = {}): Promise<FlowStatusAnswer[]> {
  return callOperation('listFlowStatuses', 'GET /flow-statuses', { query: { ids: ids.join(',') }, schema: dataOf(listOf(flowStatusSchema)) }, options);
}

/** POST /v2/flows/{id}/cancel: no effect when the flow is not running; the success body is undocumented. */
export function cancelFlow(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('cancelFlow', 'POST /flows/{id}/cancel', { params: { id }, schema: messageResponseSchema }, options);
}

// Flowdeck's additions: the interface has no operations to create, change or delete a flow. These
// writer schemas are also what the service and the mock service validate the bodies with.

const frequencyInputSchema = z.enum(FREQUENCIES);

/** A flow's name: it must have a character that is not blank, and is kept trimmed. */
const flowNameSchema = z.string().trim().min(1, 'Give the flow a name');

/** `cron` as the interface reads it: an empty (or blank) string means none. */
export const cronInputSchema = z.string().trim();

/** A flow runs on `cron` when given (it wins over `frequency`), otherwise on `frequency` (default `manual`). */
export const createFlowInputSchema = z.strictObject({
  displayName: flowNameSchema,
  source: idInputSchema,
  destination: idInputSchema,
  frequency: frequencyInputSchema.optional(),
  cron: cronInputSchema.optional(),
  ...runPolicyInputFields,
  ...flowTableInputFields,
});
export type CreateFlowInput = z.input<typeof createFlowInputSchema>;

/**
 * Only what changed. Setting `frequency` replaces a cron; `cron: ""` clears it. `paused` (Flowdeck's)
 * pauses or resumes the flow's schedule; a new flow is never created paused.
 */
export const updateFlowInputSchema = createFlowInputSchema.partial().extend({
  paused: z
    .boolean()
    .optional()
    .meta({ description: "Flowdeck's addition: true pauses the flow's schedule, false resumes it (the next run counts from now)." }),
});
export type UpdateFlowInput = z.input<typeof updateFlowInputSchema>;

/**
 * The hosted service's change of a flow: without `paused`, which it refuses as a field it does not
 * know rather than accept a change it then does not show (FLOWDECK_PROFILE=hosted reads with it).
 */
export const hostedUpdateFlowInputSchema = updateFlowInputSchema.omit({ paused: true, ...FLOW_TABLE_FIELDS, ...RUN_POLICY_INPUT_FIELDS });

/** The hosted service's creation of a flow: without how its tables are kept, its time zone and retries (Flowdeck's), refused as unknown fields. */
export const hostedCreateFlowInputSchema = createFlowInputSchema.omit({ ...FLOW_TABLE_FIELDS, ...RUN_POLICY_INPUT_FIELDS });

/**
 * GET /v2/flows/{id}/status exactly as Flowdeck's service answers it (the hosted shape: unwrapped,
 * UPPERCASE, `errors` null when the last run had none; `lastAttempt` is Flowdeck's, absent in the hosted
 * profile). The OpenAPI document describes it; clients read it with the tolerant flowStatusSchema.
 */
export const flowStatusAnswerSchema = z.object({
  id: z.number().int(),
  lifecycle: z.enum(['PENDING', 'RUNNING', 'NOT_RUNNING']),
  disposition: z.enum(['SUCCEEDED', 'FAILED', 'NONE']),
  resources: z.array(
    z.object({ name: z.string(), extracted: z.number().int(), analyzed: z.number().int(), loaded: z.number().int(), errors: z.array(z.string()) }),
  ),
  errors: z.array(z.string()).nullable(),
  completedAt: z.string().nullable(),
  lastAttempt: runAttemptSchema.nullable().optional(),
});

/** POST /v2/flows */
export async function createFlow(input: CreateFlowInput, options: CallOptions = {}): Promise<Flow> {
  return callOperation('createFlow', 'POST /flows', { body: writeBody(createFlowInputSchema, input), schema: dataOf(flowSchema) }, options);
}

/** PATCH /v2/flows/{id} */
export async function updateFlow(id: number, input: UpdateFlowInput, options: CallOptions = {}): Promise<Flow> {
  return callOperation(
    'updateFlow',
    'PATCH /flows/{id}',
    { params: { id }, body: writeBody(updateFlowInputSchema, input), schema: dataOf(flowSchema) },
    options,
  );
}

/** DELETE /v2/flows/{id}: a running attempt is cancelled first; answers `{ data: true }`. */
export function deleteFlow(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('deleteFlow', 'DELETE /flows/{id}', { params: { id }, schema: messageResponseSchema }, options);
}
