import { z } from 'zod';
import { readAllPages } from './all-pages';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import {
  dataOf,
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
import { cronInputSchema, FREQUENCIES, resourceProgressSchema, runDispositionSchema, runLifecycleSchema, runOutcomeFields } from './flows';
import { type PageParams, pageParamsSchema } from './page-params';
import { retryFields, runPolicyFields, runPolicyInputFields } from './run-policy';

/** `definition` and `node_schemas` are opaque to the interface; `cron` may be an empty string (none). */
export const workflowSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: textOrEmpty,
    enabled: z.boolean(),
    definition: z.unknown().transform((value) => value ?? null),
    frequency: optionalText,
    cron: optionalText,
    node_schemas: z.unknown().transform((value) => value ?? null),
    freshness: freshnessSchema,
    ...runPolicyFields,
  })
  .transform(({ node_schemas, ...workflow }) => ({ ...workflow, nodeSchemas: node_schemas }));
export type Workflow = z.infer<typeof workflowSchema>;

/** Where a step of a run is: an open set (a service may know more states); read lowercase. */
export const STEP_STATES = ['waiting', 'queued', 'running', 'succeeded', 'failed', 'skipped', 'cancelled'] as const;
export const stepStateSchema = openEnum(STEP_STATES, 'lower');
export type StepState = z.infer<typeof stepStateSchema>;

/** A step of a run, as the definition had it when the run was asked for, with its state and its flow attempt's times. */
export const workflowRunStepSchema = z.object({
  id: z.string(),
  flow: idSchema,
  after: listOf(z.string()),
  state: stepStateSchema,
  attemptId: idSchema.nullish().transform((value) => value ?? null),
  waitingFor: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "Flowdeck's addition: what a queued step's flow attempt waits for (`2 runs ahead for “Warehouse”`), or null." }),
  startedAt: nullableDateTimeSchema,
  completedAt: nullableDateTimeSchema,
  errors: listOf(z.string()),
});
export type WorkflowRunStep = z.infer<typeof workflowRunStepSchema>;

/**
 * Flowdeck's addition: one run of a workflow. Its outcome is lifecycle and disposition, as for a run
 * attempt; `startedAt` is when a worker took it (null while pending), `durationMs` null until it ends.
 */
export const workflowRunSchema = z.object({
  id: idSchema,
  workflow: idSchema,
  number: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "The run's number within its workflow (#1 is the first); `id` is global. Absent: null." }),
  ...runOutcomeFields,
  waitingFor: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'What a pending run waits for, in a sentence (`2 runs ahead for “Warehouse”`), or null.' }),
  ...retryFields,
  startedAt: nullableDateTimeSchema,
  durationMs: z
    .number()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? null),
  steps: listOf(workflowRunStepSchema),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

/**
 * Arrives without the `{ data }` wrapper and in UPPERCASE; read like a run attempt (lowercase).
 * `lastRun` is Flowdeck's addition (the current or last run with its steps, null: never run); it stays
 * undefined when the service does not report it (the hosted service does not).
 */
export const workflowStatusSchema = z.object({
  id: idSchema,
  lifecycle: runLifecycleSchema,
  disposition: runDispositionSchema,
  resources: listOf(resourceProgressSchema),
  errors: listOf(z.string()),
  completedAt: nullableDateTimeSchema,
  lastRun: workflowRunSchema.nullish(),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

/** GET /v2/workflows: every workflow, read page by page where the service pages. */
export function listWorkflows(options: CallOptions = {}): Promise<Workflow[]> {
  return readAllPages((page) => callOperation('listWorkflows', 'GET /workflows', { query: { ...page }, schema: dataOf(listOf(workflowSchema)) }, options));
}

/** GET /v2/workflows/{id}/status */
export function getWorkflowStatus(id: number, options: CallOptions = {}): Promise<WorkflowStatus> {
  return callOperation('getWorkflowStatus', 'GET /workflows/{id}/status', { params: { id }, schema: maybeWrapped(workflowStatusSchema) }, options);
}

/** GET /v2/workflows/{id}/runs (Flowdeck's addition): one page of its runs, newest first, each with its steps. */
export async function listWorkflowRuns(id: number, page: PageParams = {}, options: CallOptions = {}): Promise<WorkflowRun[]> {
  return callOperation(
    'listWorkflowRuns',
    'GET /workflows/{id}/runs',
    { params: { id }, query: writeBody(pageParamsSchema, page), schema: dataOf(listOf(workflowRunSchema)) },
    options,
  );
}

/** POST /v2/workflows/{id}/run: answers 201 `{ "message": "Created" }`. */
export function runWorkflow(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('runWorkflow', 'POST /workflows/{id}/run', { params: { id }, schema: runResponseSchema }, options);
}

/**
 * POST /v2/workflows/{id}/runs/{runId}/rerun (Flowdeck's addition): runs a failed run again from its failed
 * steps; the steps that succeeded keep their attempts. Answers 201 `{ "message": "Created" }`.
 */
export function rerunWorkflowRun(id: number, runId: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('rerunWorkflowRun', 'POST /workflows/{id}/runs/{runId}/rerun', { params: { id, runId }, schema: runResponseSchema }, options);
}

/** POST /v2/workflows/{id}/cancel: answers `{ data: true }`. */
export function cancelWorkflow(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('cancelWorkflow', 'POST /workflows/{id}/cancel', { params: { id }, schema: messageResponseSchema }, options);
}

/** DELETE /v2/workflows/{id}: the success body is undocumented, so any is accepted. */
export function deleteWorkflow(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('deleteWorkflow', 'DELETE /workflows/{id}', { params: { id }, schema: messageResponseSchema }, options);
}

// Flowdeck's additions: the interface has no operations to create or change a workflow. Written in
// the interface's snake_case; the service and the mock service validate the bodies with these.

/**
 * `definition` names the flows a workflow runs: `{ steps: [{ id, flow, after? }] }`, or `{ flows: [ids] }`
 * for steps in sequence (src/service-rules/workflow-definition.ts reads it). Otherwise opaque.
 */
export const createWorkflowInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the workflow a name'),
  description: z.string().optional(),
  enabled: z.boolean().optional(),
  definition: z.record(z.string(), z.unknown()),
  frequency: z.enum(FREQUENCIES).optional(),
  cron: cronInputSchema.optional(),
  node_schemas: z.record(z.string(), z.unknown()).nullable().optional(),
  ...runPolicyInputFields,
});
export type CreateWorkflowInput = z.input<typeof createWorkflowInputSchema>;

/** Only what changed. Setting `frequency` replaces a cron; `cron: ""` clears it. */
export const updateWorkflowInputSchema = createWorkflowInputSchema.partial();
export type UpdateWorkflowInput = z.input<typeof updateWorkflowInputSchema>;

/** POST /v2/workflows */
export async function createWorkflow(input: CreateWorkflowInput, options: CallOptions = {}): Promise<Workflow> {
  return callOperation('createWorkflow', 'POST /workflows', { body: writeBody(createWorkflowInputSchema, input), schema: dataOf(workflowSchema) }, options);
}

/** PATCH /v2/workflows/{id} */
export async function updateWorkflow(id: number, input: UpdateWorkflowInput, options: CallOptions = {}): Promise<Workflow> {
  return callOperation(
    'updateWorkflow',
    'PATCH /workflows/{id}',
    { params: { id }, body: writeBody(updateWorkflowInputSchema, input), schema: dataOf(workflowSchema) },
    options,
  );
}
