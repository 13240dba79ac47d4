import { z } from 'zod';
import { logPageSchema } from './attempt-logs';
import { alertChannelSchema, alertDeliverySchema, createAlertChannelInputSchema, updateAlertChannelInputSchema } from './alerts';
import {
  cardForRecipientSchema,
  cardSubmittedSchema,
  configurationCardSchema,
  createConfigurationCardInputSchema,
  hostedCreateConfigurationCardInputSchema,
  submitCardInputSchema,
} from './cards';
import { messageAnswerSchema, messageResponseSchema } from './common';
import {
  createDestinationInputSchema,
  destinationSchema,
  hostedCreateDestinationInputSchema,
  hostedUpdateDestinationInputSchema,
  updateDestinationInputSchema,
  verificationMessageSchema,
} from './destinations';
import { resyncFlowInputSchema } from './flow-state';
import {
  createFlowInputSchema,
  flowSchema,
  hostedCreateFlowInputSchema,
  hostedUpdateFlowInputSchema,
  flowStatusAnswerSchema,
  flowStatusSchema,
  runAttemptSchema,
  updateFlowInputSchema,
} from './flows';
import { resolverListSchema, updateResolversInputSchema } from './resolvers';
import { runChangesSchema, runsPageSchema } from './runs';
import { createSourceInputSchema, sourceSchema, updateSourceInputSchema } from './sources';
import { destinationSpecSummarySchema, sourceSpecSummarySchema } from './specs';
import { settingsSchema, updateSettingsInputSchema } from './settings';
import { flowTableStateSchema } from './tables';
import { runSpanSchema } from './timeline';
import { uploadLimitsSchema, uploadSchema } from './uploads';
import { webhookTriggerBodySchema, webhookTriggerSchema } from './webhooks';
import { createWorkflowInputSchema, updateWorkflowInputSchema, workflowRunSchema, workflowSchema, workflowStatusSchema } from './workflows';

// The one catalogue of the /v2 operations: the interface document's and the ones Flowdeck adds. Each
// is named after its client function in src/api; the service registers its routes from it, the mock
// service its handlers, /v2/openapi.json is generated from it, the hosted profile filters by it, and a
// test holds all of them (and the client functions) to it. Plain data: no Node, no DOM.

/**
 * Who may call: any valid API key, the card's own hash as bearer (the card recipient), or anyone (a
 * webhook delivery: its unguessable id is the credential).
 */
export type Access = 'key' | 'card' | 'public';

/** What a plan may include beyond a valid key; a key whose plan lacks an operation's feature gets 403 (messages.ts `planForbids`). */
export const FEATURES = ['workflows'] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * What each path parameter is: an id (a positive integer within Postgres' integer, else 400) or a text
 * (a spec's name, a card's hash, a webhook's id: unknown ones answer 404).
 */
export const PATH_PARAMETERS = {
  id: 'id',
  attemptId: 'id',
  runId: 'id',
  cardId: 'id',
  webhook_trigger_id: 'id',
  name: 'text',
  hash_id: 'text',
  webhook_id: 'text',
} as const;
export type PathParameter = keyof typeof PATH_PARAMETERS;

/** The query parameters an operation reads (src/service-rules/operation-input.ts reads each kind). */
export type QueryKind = 'page' | 'attempts' | 'logs' | 'window' | 'ids' | 'filename' | 'resource' | 'runs' | 'since' | 'cards';

export interface Operation {
  /** The src/api function that calls it. */
  name: string;
  access: Access;
  /**
   * The plan feature it needs. Read by the service and the mock before anything else of the request;
   * the least role a key needs will sit beside it once keys have roles.
   */
  feature?: Feature;
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI template below /v2: `{id}` and the like are path parameters. */
  path: string;
  summary: string;
  /** The JSON request body: the writer schema the service, the mock and the dashboard all use. */
  body?: z.ZodType;
  /** The hosted service's body where it lacks Flowdeck's fields: FLOWDECK_PROFILE=hosted reads with it. */
  hostedBody?: z.ZodType;
  /**
   * Its `properties` are read against a spec (the one the body names, or the stored one's), and a
   * masked secret sent back keeps the stored value: the handler reads such a body itself
   * (src/service-rules/properties.ts), with `body` as its schema, and is handed it as parsed JSON.
   */
  bodyWithProperties?: true;
  /** The dashboard's tolerant reader of the answer (its input side is what a client must accept). */
  response?: z.ZodType;
  /** What Flowdeck's service answers where the reader accepts any body (a `{ message }`): its handler is held to it. */
  answer?: z.ZodType;
  /** false: the body is the object itself (statuses, `{ message }` answers), not `{ data }`. */
  wrapped?: boolean;
  status?: number;
  list?: boolean;
  /**
   * Its query parameters: `limit` and `offset` (page), those and the order (attempts), `after` and `limit` (logs), the timeline's
   * window and page, `ids` (a batch), an upload's `filename`, an optional `resource` name (a flow's state), the runs
   * list's filters and cursor (runs), an optional `since` cursor (run changes), or a page of cards of one `state`.
   */
  query?: QueryKind;
  errors: readonly number[];
  /** Not in the interface document: Flowdeck's addition. */
  addition?: boolean;
  /** An addition the hosted service's documentation shows too: FLOWDECK_PROFILE=hosted answers it. */
  hosted?: boolean;
  /** The body is a file's raw bytes (named by the `filename` query parameter), streamed by its handler. */
  upload?: boolean;
}

export const OPERATIONS = [
  {
    name: 'listSources',
    access: 'key',
    method: 'get',
    path: '/sources',
    summary: 'List sources',
    response: sourceSchema,
    list: true,
    query: 'page',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'createSource',
    access: 'key',
    method: 'post',
    path: '/sources',
    summary: 'Create source',
    body: createSourceInputSchema,
    bodyWithProperties: true,
    response: sourceSchema,
    status: 201,
    errors: [400, 401, 403],
  },
  { name: 'getSource', access: 'key', method: 'get', path: '/sources/{id}', summary: 'Get source', response: sourceSchema, errors: [401, 404], addition: true },
  {
    name: 'updateSource',
    access: 'key',
    method: 'patch',
    path: '/sources/{id}',
    summary: 'Update source (a masked secret sent back keeps the stored value)',
    body: updateSourceInputSchema,
    bodyWithProperties: true,
    response: sourceSchema,
    errors: [400, 401, 403, 404],
  },
  {
    name: 'deleteSource',
    access: 'key',
    method: 'delete',
    path: '/sources/{id}',
    summary: 'Delete source (400 naming the flows that use it while any does; its configuration card links then answer 404)',
    response: z.literal(true),
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'createConfigurationCard',
    access: 'key',
    method: 'post',
    path: '/sources/{id}/configuration_cards',
    summary:
      "Create configuration card link (Flowdeck's `senderName` and `redirectUrl`: https, to a host Settings allows; the answer adds `state`, `stateChangedAt`, `senderName`, `redirectUrl`, `sourceId`)",
    body: createConfigurationCardInputSchema,
    hostedBody: hostedCreateConfigurationCardInputSchema,
    response: configurationCardSchema,
    status: 201,
    errors: [400, 401, 403, 404],
  },
  {
    name: 'listConfigurationCards',
    access: 'key',
    method: 'get',
    path: '/sources/{id}/configuration_cards',
    summary: 'List configuration cards of a source, each with its state (open, submitted, expired, revoked)',
    response: configurationCardSchema,
    list: true,
    query: 'page',
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'revokeConfigurationCard',
    access: 'key',
    method: 'delete',
    path: '/sources/{id}/configuration_cards/{cardId}',
    summary: 'Revoke a configuration card link (its recipient then gets 410 This link has been revoked.)',
    response: z.literal(true),
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'getResolvers',
    access: 'key',
    method: 'get',
    path: '/sources/{id}/resolvers',
    summary: 'Get discovered resolvers',
    response: resolverListSchema,
    errors: [401, 403, 404],
  },
  {
    name: 'updateResolvers',
    access: 'key',
    method: 'patch',
    path: '/sources/{id}/resolvers',
    summary: 'Turn resolvers on or off by name (`suppressed`); a run loads only those turned on (400 names unknown resolvers)',
    body: updateResolversInputSchema,
    response: resolverListSchema,
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'discoverResolvers',
    access: 'key',
    method: 'post',
    path: '/sources/{id}/discover',
    summary: 'Start discovery now: 202 with the resolvers, discovery in_progress (400 while one is in progress)',
    response: resolverListSchema,
    status: 202,
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'verifySource',
    access: 'key',
    method: 'get',
    path: '/sources/{id}/verify',
    summary: 'Verify source: required properties, then a real connection (10 s bound; 408 `Request Timeout` past it)',
    response: verificationMessageSchema,
    list: true,
    errors: [401, 403, 404, 408],
    addition: true,
    hosted: true,
  },
  {
    name: 'listSourceSpecs',
    access: 'key',
    method: 'get',
    path: '/sourcespecs',
    summary: 'List source specs (summary form)',
    response: sourceSpecSummarySchema,
    list: true,
    query: 'page',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'listConnectors',
    access: 'key',
    method: 'get',
    path: '/connectors',
    summary: 'List the source connectors (source specs, summary form)',
    response: sourceSpecSummarySchema,
    list: true,
    query: 'page',
    errors: [400, 401],
    addition: true,
    hosted: true,
  },
  {
    name: 'getSourceSpec',
    access: 'key',
    method: 'get',
    path: '/sourcespecs/{name}',
    summary: 'Get source spec (summary form)',
    response: sourceSpecSummarySchema,
    errors: [401, 403, 404],
  },
  {
    name: 'listDestinations',
    access: 'key',
    method: 'get',
    path: '/destinations',
    summary: 'List destinations',
    response: destinationSchema,
    list: true,
    query: 'page',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'createDestination',
    access: 'key',
    method: 'post',
    path: '/destinations',
    summary: "Create destination (Flowdeck's `maxConcurrentRuns` limits the runs loading into it at once)",
    body: createDestinationInputSchema,
    hostedBody: hostedCreateDestinationInputSchema,
    bodyWithProperties: true,
    response: destinationSchema,
    status: 201,
    errors: [400, 401, 403],
  },
  {
    name: 'getDestination',
    access: 'key',
    method: 'get',
    path: '/destinations/{id}',
    summary: 'Get destination',
    response: destinationSchema,
    errors: [401, 403, 404],
  },
  {
    name: 'updateDestination',
    access: 'key',
    method: 'patch',
    path: '/destinations/{id}',
    summary: 'Update destination',
    body: updateDestinationInputSchema,
    hostedBody: hostedUpdateDestinationInputSchema,
    bodyWithProperties: true,
    response: destinationSchema,
    errors: [400, 401, 403, 404],
  },
  {
    name: 'deleteDestination',
    access: 'key',
    method: 'delete',
    path: '/destinations/{id}',
    summary: 'Delete destination (400 naming the flows that use it while any does)',
    response: z.literal(true),
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'verifyDestination',
    access: 'key',
    method: 'get',
    path: '/destinations/{id}/verify',
    summary: 'Verify destination (10 s bound; 408 `Request Timeout` past it)',
    response: verificationMessageSchema,
    list: true,
    errors: [401, 403, 404, 408],
  },
  {
    name: 'listDestinationSpecs',
    access: 'key',
    method: 'get',
    path: '/destinationspecs',
    summary: 'List destination specs',
    response: destinationSpecSummarySchema,
    list: true,
    query: 'page',
    errors: [400, 401],
  },
  {
    name: 'listFlows',
    access: 'key',
    method: 'get',
    path: '/flows',
    summary: 'List flows',
    response: flowSchema,
    list: true,
    query: 'page',
    errors: [400, 401, 403, 404],
  },
  { name: 'getFlow', access: 'key', method: 'get', path: '/flows/{id}', summary: 'Get flow', response: flowSchema, errors: [401, 404], addition: true },
  {
    name: 'createFlow',
    access: 'key',
    method: 'post',
    path: '/flows',
    summary: 'Create flow (cron wins over frequency)',
    body: createFlowInputSchema,
    hostedBody: hostedCreateFlowInputSchema,
    response: flowSchema,
    status: 201,
    errors: [400, 401],
    addition: true,
    hosted: true,
  },
  {
    name: 'updateFlow',
    access: 'key',
    method: 'patch',
    path: '/flows/{id}',
    summary: "Update flow (Flowdeck's `paused` pauses or resumes its schedule; FLOWDECK_PROFILE=hosted refuses it)",
    body: updateFlowInputSchema,
    hostedBody: hostedUpdateFlowInputSchema,
    response: flowSchema,
    errors: [400, 401, 404],
    addition: true,
    hosted: true,
  },
  {
    name: 'deleteFlow',
    access: 'key',
    method: 'delete',
    path: '/flows/{id}',
    summary: 'Delete flow (cancels a running attempt first; a workflow naming it keeps its definition, and that step then fails: `Flow N no longer exists.`)',
    response: z.literal(true),
    errors: [401, 404],
    addition: true,
  },
  {
    name: 'runFlow',
    access: 'key',
    method: 'post',
    path: '/flows/{id}/run',
    summary: 'Run a flow: 201 `{ "message": "Created" }` (400 when it is already running)',
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    status: 201,
    errors: [400, 401, 403, 404, 500],
  },
  {
    name: 'getFlowState',
    access: 'key',
    method: 'get',
    path: '/flows/{id}/state',
    summary:
      "The state of the flow's tables: one row per resource it loads (its target table, mode, cursor field, primary key, saved cursor and when it last advanced, columns, last schema change)",
    response: flowTableStateSchema,
    list: true,
    errors: [401, 404],
    addition: true,
  },
  {
    name: 'resetFlowState',
    access: 'key',
    method: 'delete',
    path: '/flows/{id}/state',
    summary:
      'Reset the saved cursor of every resource, or of `resource` only: the next run reads it in full (the table keeps its rows). 404 for a resource the flow does not load',
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    query: 'resource',
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'resyncFlow',
    access: 'key',
    method: 'post',
    path: '/flows/{id}/resync',
    summary:
      'Re-sync: reset the state of the resources named (all when none) and start a run that reads them in full and replaces their tables: 201 `{ "message": "Created" }` (400 when the flow is already running)',
    body: resyncFlowInputSchema,
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    status: 201,
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'listRunAttempts',
    access: 'key',
    method: 'get',
    path: '/flows/{id}/run',
    summary: 'Get flow run attempts',
    response: runAttemptSchema,
    list: true,
    query: 'attempts',
    errors: [400, 401, 403, 404],
  },
  {
    name: 'getRunAttempt',
    access: 'key',
    method: 'get',
    path: '/flows/{id}/run/{attemptId}',
    summary: 'One run attempt of a flow, by its global id (404 for an attempt of another flow): what a link to an attempt opens, however old',
    response: runAttemptSchema,
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    name: 'listAttemptLogs',
    access: 'key',
    method: 'get',
    path: '/flows/{id}/run/{attemptId}/logs',
    summary:
      'The log of a run attempt, oldest line first: start, each resource started and finished with counts and duration, batch progress, warnings, errors with their context, cancel, completion. Paged by the opaque cursor `next` (`after`); 404 for an attempt not of this flow; lines older than FLOWDECK_LOG_RETENTION_DAYS are deleted',
    response: logPageSchema,
    query: 'logs',
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'cancelFlow',
    access: 'key',
    method: 'post',
    path: '/flows/{id}/cancel',
    summary: 'Cancel a running flow',
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    errors: [401, 403, 404, 500],
  },
  {
    name: 'getFlowStatus',
    access: 'key',
    method: 'get',
    path: '/flows/{id}/status',
    summary:
      "Flow status of the latest attempt (no data wrapper, UPPERCASE; PENDING until a worker takes the run; errors null when none; lastAttempt is Flowdeck's)",
    response: flowStatusAnswerSchema,
    wrapped: false,
    errors: [401, 404],
    addition: true,
    hosted: true,
  },
  {
    name: 'listFlowStatuses',
    access: 'key',
    method: 'get',
    path: '/flow-statuses',
    summary:
      'The statuses of up to 100 flows in one request (`ids`: comma-separated flow ids), each as GET /flows/{id}/status answers it, in the order asked; a flow that does not exist is left out. What a list of flows asks for the rows in view',
    response: flowStatusSchema,
    list: true,
    query: 'ids',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'listTimeline',
    access: 'key',
    method: 'get',
    path: '/timeline',
    summary:
      'Runs of every flow and workflow that overlap a window (`from` and `to`, ISO 8601, at most 31 days apart): started before `to` and not ended before `from`, running ones included; oldest first (createdAt, kind, id); `limit` 1 to 5000 (default 1000) and `offset` page it',
    response: runSpanSchema,
    list: true,
    query: 'window',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'listRuns',
    access: 'key',
    method: 'get',
    path: '/runs',
    summary:
      'Every flow attempt and workflow run, newest first (createdAt, then workflow runs before attempts, then id): filters `status` (pending, running, succeeded, failed), `trigger`, `flow`, `workflow`, `from` and `to` (createdAt, ISO 8601); `limit` 1 to 200 (default 50); keyset paged by the opaque cursor `next` (`cursor`), so no row is skipped or repeated while new runs arrive',
    response: runsPageSchema,
    wrapped: false,
    query: 'runs',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'getRunChanges',
    access: 'key',
    method: 'get',
    path: '/run-changes',
    summary:
      'What changed since `since` (the `next` of an earlier answer): the flows and workflows whose runs started, changed lifecycle or ended, and those with a run pending or running now. One cheap read a page polls instead of its lists',
    response: runChangesSchema,
    query: 'since',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'listWorkflows',
    access: 'key',
    feature: 'workflows',
    method: 'get',
    path: '/workflows',
    summary: 'List workflows',
    response: workflowSchema,
    list: true,
    query: 'page',
    errors: [400, 401, 403],
  },
  {
    name: 'createWorkflow',
    access: 'key',
    feature: 'workflows',
    method: 'post',
    path: '/workflows',
    summary: 'Create workflow',
    body: createWorkflowInputSchema,
    response: workflowSchema,
    status: 201,
    errors: [400, 401, 403],
    addition: true,
  },
  {
    name: 'updateWorkflow',
    access: 'key',
    feature: 'workflows',
    method: 'patch',
    path: '/workflows/{id}',
    summary: 'Update workflow',
    body: updateWorkflowInputSchema,
    response: workflowSchema,
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    name: 'deleteWorkflow',
    access: 'key',
    feature: 'workflows',
    method: 'delete',
    path: '/workflows/{id}',
    summary: 'Delete workflow',
    response: z.literal(true),
    errors: [401, 403, 404],
  },
  {
    name: 'getWorkflowStatus',
    access: 'key',
    feature: 'workflows',
    method: 'get',
    path: '/workflows/{id}/status',
    summary: "Get workflow status (no data wrapper, UPPERCASE; lastRun, the current or last run with its steps' states, is Flowdeck's)",
    response: workflowStatusSchema,
    wrapped: false,
    errors: [401, 403, 404],
  },
  {
    name: 'listWorkflowRuns',
    access: 'key',
    feature: 'workflows',
    method: 'get',
    path: '/workflows/{id}/runs',
    summary: 'Runs of a workflow, newest first: trigger, outcome (lifecycle, disposition), times, duration, and each step with its state',
    response: workflowRunSchema,
    list: true,
    query: 'page',
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    name: 'rerunWorkflowRun',
    access: 'key',
    feature: 'workflows',
    method: 'post',
    path: '/workflows/{id}/runs/{runId}/rerun',
    summary:
      'Re-run a failed run from its failed steps: a new run whose succeeded steps keep their attempts, the others run again. 201 `{ "message": "Created" }` (400 when the run did not fail or the workflow is running; 404 for a run of another workflow)',
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    status: 201,
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    name: 'runWorkflow',
    access: 'key',
    feature: 'workflows',
    method: 'post',
    path: '/workflows/{id}/run',
    summary: 'Run workflow: 201 `{ "message": "Created" }`',
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    status: 201,
    errors: [400, 401, 403, 404, 500],
  },
  {
    name: 'cancelWorkflow',
    access: 'key',
    feature: 'workflows',
    method: 'post',
    path: '/workflows/{id}/cancel',
    summary: 'Cancel workflow run',
    response: z.literal(true),
    errors: [401, 403, 404, 500],
  },
  {
    name: 'listWebhookTriggers',
    access: 'key',
    feature: 'workflows',
    method: 'get',
    path: '/workflows/{id}/webhooks',
    summary: 'List webhook triggers',
    response: webhookTriggerSchema,
    list: true,
    query: 'page',
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    name: 'createWebhookTrigger',
    access: 'key',
    feature: 'workflows',
    method: 'post',
    path: '/workflows/{id}/webhooks',
    summary: 'Create webhook trigger',
    body: webhookTriggerBodySchema,
    response: webhookTriggerSchema,
    status: 201,
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    name: 'getWebhookTrigger',
    access: 'key',
    feature: 'workflows',
    method: 'get',
    path: '/workflows/{id}/webhooks/{webhook_trigger_id}',
    summary: 'Get webhook trigger',
    response: webhookTriggerSchema,
    errors: [401, 403, 404],
  },
  {
    name: 'deleteWebhookTrigger',
    access: 'key',
    feature: 'workflows',
    method: 'delete',
    path: '/workflows/{id}/webhooks/{webhook_trigger_id}',
    summary: 'Delete webhook trigger',
    response: z.literal(true),
    errors: [401, 403, 404],
  },
  {
    name: 'getCardForRecipient',
    access: 'card',
    method: 'get',
    path: '/cards/{hash_id}',
    summary: 'A configuration card, for its recipient (bearer = hash_id); 410 once used, revoked or expired',
    response: cardForRecipientSchema,
    errors: [401, 404, 410],
    addition: true,
  },
  {
    name: 'submitCard',
    access: 'card',
    method: 'patch',
    path: '/cards/{hash_id}',
    summary:
      'Submit a card’s properties, once (400 names missing required ones, or refuses an empty one; 410 once used, revoked or expired); `redirectTo`: where the recipient goes next, when the card names an allowed address',
    body: submitCardInputSchema,
    bodyWithProperties: true,
    response: cardSubmittedSchema,
    wrapped: false,
    errors: [400, 401, 404, 410],
    addition: true,
  },
  {
    name: 'verifyCard',
    access: 'card',
    method: 'post',
    path: '/cards/{hash_id}/verify',
    summary:
      'Test connection for the card’s recipient: the source’s verify on what they typed over what is on file, under the card’s authority only (10 s bound, the network guard, a few times a minute per card: 429 past it)',
    body: submitCardInputSchema,
    bodyWithProperties: true,
    response: verificationMessageSchema,
    list: true,
    errors: [400, 401, 404, 408, 410, 429],
    addition: true,
  },
  {
    name: 'uploadCardFile',
    access: 'card',
    method: 'post',
    path: '/cards/{hash_id}/uploads',
    summary:
      'Upload a file for a card whose source reads one (its raw bytes; ?filename=): `location` is a reference only this card’s submission reads, never a path (413 past the card’s limit, 400 past its number of files)',
    response: uploadSchema,
    status: 201,
    errors: [400, 401, 404, 410, 413, 507],
    addition: true,
    upload: true,
    query: 'filename',
  },
  {
    // Editor and up, once keys have roles.
    name: 'listCards',
    access: 'key',
    method: 'get',
    path: '/cards',
    summary: 'Every configuration card of every source, newest first, each with its state and when it changed; `state` filters',
    response: configurationCardSchema,
    list: true,
    query: 'cards',
    errors: [400, 401],
    addition: true,
  },
  {
    // Admin only, once keys have roles.
    name: 'getSettings',
    access: 'key',
    method: 'get',
    path: '/settings',
    summary: 'The service’s settings: the public address links use (FLOWDECK_PUBLIC_URL wins), the team’s name and logo, allowed redirect hosts',
    response: settingsSchema,
    errors: [401],
    addition: true,
  },
  {
    // Admin only, once keys have roles.
    name: 'updateSettings',
    access: 'key',
    method: 'patch',
    path: '/settings',
    summary: 'Change settings: only the fields sent (`logoUrl: null` removes the logo)',
    body: updateSettingsInputSchema,
    response: settingsSchema,
    errors: [400, 401],
    addition: true,
  },
  {
    // Admin only, once keys have roles.
    name: 'uploadLogo',
    access: 'key',
    method: 'post',
    path: '/settings/logo',
    summary: 'Set the logo: its raw bytes, a PNG, a JPEG or an SVG without scripts, at most 512 KiB',
    response: settingsSchema,
    errors: [400, 401, 413],
    addition: true,
    upload: true,
  },
  {
    name: 'getLogo',
    access: 'public',
    method: 'get',
    path: '/settings/logo',
    summary: 'The logo’s bytes, for the card recipient’s page (404 when there is none)',
    errors: [404],
    addition: true,
  },
  {
    name: 'getUploadLimits',
    access: 'key',
    method: 'get',
    path: '/uploads',
    summary: 'The largest file POST /uploads accepts',
    response: uploadLimitsSchema,
    errors: [401],
    addition: true,
  },
  {
    name: 'uploadFile',
    access: 'key',
    method: 'post',
    path: '/uploads',
    summary: 'Upload a file (its raw bytes; ?filename=): location is the value for a csv source',
    response: uploadSchema,
    status: 201,
    errors: [400, 401, 413, 507],
    addition: true,
    upload: true,
    query: 'filename',
  },
  {
    name: 'listAlertChannels',
    access: 'key',
    method: 'get',
    path: '/alerts/channels',
    summary: 'List alert channels (each URL masked; `address` is its origin)',
    response: alertChannelSchema,
    list: true,
    query: 'page',
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'createAlertChannel',
    access: 'key',
    method: 'post',
    path: '/alerts/channels',
    summary: 'Create an alert channel: a Slack incoming webhook or a webhook signed with HMAC-SHA256 (URL and signing secret encrypted, never answered)',
    body: createAlertChannelInputSchema,
    response: alertChannelSchema,
    status: 201,
    errors: [400, 401],
    addition: true,
  },
  {
    name: 'getAlertChannel',
    access: 'key',
    method: 'get',
    path: '/alerts/channels/{id}',
    summary: 'Get an alert channel',
    response: alertChannelSchema,
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'updateAlertChannel',
    access: 'key',
    method: 'patch',
    path: '/alerts/channels/{id}',
    summary: 'Update an alert channel (a new URL of a webhook channel must come with its signing secret again)',
    body: updateAlertChannelInputSchema,
    response: alertChannelSchema,
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'deleteAlertChannel',
    access: 'key',
    method: 'delete',
    path: '/alerts/channels/{id}',
    summary: 'Delete an alert channel and its deliveries',
    response: z.literal(true),
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'sendTestAlert',
    access: 'key',
    method: 'post',
    path: '/alerts/channels/{id}/test',
    summary: 'Send test: queues a `test` delivery to the channel (202, pending; its outcome shows in the deliveries)',
    response: alertDeliverySchema,
    status: 202,
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'listAlertDeliveries',
    access: 'key',
    method: 'get',
    path: '/alerts/channels/{id}/deliveries',
    summary: 'Deliveries of a channel, newest first: event, status, tries, the last answer’s status code and first 200 characters, or the error',
    response: alertDeliverySchema,
    list: true,
    query: 'page',
    errors: [400, 401, 404],
    addition: true,
  },
  {
    name: 'deliverWebhook',
    access: 'public',
    method: 'post',
    path: '/webhooks/{webhook_id}',
    summary: 'Receive a webhook: starts the trigger’s workflow (Slack: url_verification, signatures, each signed request once)',
    response: messageResponseSchema,
    answer: messageAnswerSchema,
    wrapped: false,
    errors: [401, 404, 409],
    addition: true,
  },
] as const satisfies readonly Operation[];

export type OperationName = (typeof OPERATIONS)[number]['name'];

export function operationNamed(name: OperationName): Operation {
  const operation = OPERATIONS.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`No operation ${name}.`);
  return operation;
}

/** The hosted service has the interface document's operations and the additions it documents too. */
export const inHostedService = (operation: Operation) => !operation.addition || operation.hosted === true;

/** `/flows/{id}/run` as a router pattern: `/flows/:id/run`. */
export const routePattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
