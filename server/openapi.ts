import { z } from 'zod';
import { cardForRecipientSchema, configurationCardSchema, createConfigurationCardInputSchema, submitCardInputSchema } from '@/api/cards';
import { messageResponseSchema } from '@/api/common';
import { createDestinationInputSchema, destinationSchema, updateDestinationInputSchema, verificationMessageSchema } from '@/api/destinations';
import { flowSchema, runAttemptSchema } from '@/api/flows';
import { resolverListSchema } from '@/api/resolvers';
import { createSourceInputSchema, sourceSchema, updateSourceInputSchema } from '@/api/sources';
import { destinationSpecSummarySchema, sourceSpecSummarySchema } from '@/api/specs';
import { uploadLimitsSchema, uploadSchema } from '@/api/uploads';
import { webhookTriggerSchema } from '@/api/webhooks';
import { workflowSchema, workflowStatusSchema } from '@/api/workflows';
import {
  createFlowInputSchema,
  createWebhookTriggerInputSchema,
  createWorkflowInputSchema,
  flowStatusSchema,
  updateFlowInputSchema,
  updateWorkflowInputSchema,
} from './contract';

// /v2/openapi.json, generated from the schemas the dashboard reads with and the service validates
// with. Response schemas are the dashboard's tolerant readers (their input side), so they describe
// every shape a client must accept; the service itself emits the canonical one.

type Schema = z.ZodType;
interface Operation {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  body?: Schema;
  response?: Schema;
  /** false: the body is the object itself (workflow status, `{ message }` answers). */
  wrapped?: boolean;
  status?: number;
  list?: boolean;
  query?: 'page' | 'attempts';
  errors: number[];
  security?: 'apiKey' | 'card' | 'none';
  /** Not in the interface document. */
  addition?: boolean;
  /** An addition the hosted service's documentation shows too: FLOWDECK_PROFILE=hosted answers it. */
  hosted?: boolean;
  /** The body is a file's raw bytes, named by the `filename` query parameter. */
  upload?: boolean;
}

const page = (list: boolean | undefined) => (list ? ['limit', 'offset'] : []);

const OPERATIONS: Operation[] = [
  { method: 'get', path: '/sources', summary: 'List sources', response: sourceSchema, list: true, query: 'page', errors: [400, 401], addition: true },
  { method: 'post', path: '/sources', summary: 'Create source', body: createSourceInputSchema, response: sourceSchema, status: 201, errors: [400, 401, 403] },
  { method: 'get', path: '/sources/{id}', summary: 'Get source', response: sourceSchema, errors: [401, 404], addition: true },
  {
    method: 'patch',
    path: '/sources/{id}',
    summary: 'Update source (a masked secret sent back keeps the stored value)',
    body: updateSourceInputSchema,
    response: sourceSchema,
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    path: '/sources/{id}/configuration_cards',
    summary: 'Create configuration card link',
    body: createConfigurationCardInputSchema,
    response: configurationCardSchema,
    status: 201,
    errors: [400, 401, 403, 404],
  },
  {
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
    method: 'delete',
    path: '/sources/{id}/configuration_cards/{cardId}',
    summary: 'Revoke a configuration card link (its recipient then gets 410 This link has been revoked.)',
    response: z.literal(true),
    errors: [400, 401, 404],
    addition: true,
  },
  { method: 'get', path: '/sources/{id}/resolvers', summary: 'Get discovered resolvers', response: resolverListSchema, errors: [401, 403, 404] },
  {
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
  { method: 'get', path: '/sourcespecs/{name}', summary: 'Get source spec (summary form)', response: sourceSpecSummarySchema, errors: [401, 403, 404] },
  {
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
    method: 'post',
    path: '/destinations',
    summary: 'Create destination',
    body: createDestinationInputSchema,
    response: destinationSchema,
    status: 201,
    errors: [400, 401, 403],
  },
  { method: 'get', path: '/destinations/{id}', summary: 'Get destination', response: destinationSchema, errors: [401, 403, 404] },
  {
    method: 'patch',
    path: '/destinations/{id}',
    summary: 'Update destination',
    body: updateDestinationInputSchema,
    response: destinationSchema,
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    path: '/destinations/{id}/verify',
    summary: 'Verify destination (10 s bound; 408 `Request Timeout` past it)',
    response: verificationMessageSchema,
    list: true,
    errors: [401, 403, 404, 408],
  },
  {
    method: 'get',
    path: '/destinationspecs',
    summary: 'List destination specs',
    response: destinationSpecSummarySchema,
    list: true,
    query: 'page',
    errors: [400, 401],
  },
  { method: 'get', path: '/flows', summary: 'List flows', response: flowSchema, list: true, query: 'page', errors: [400, 401, 403, 404] },
  {
    method: 'post',
    path: '/flows',
    summary: 'Create flow (cron wins over frequency)',
    body: createFlowInputSchema,
    response: flowSchema,
    status: 201,
    errors: [400, 401],
    addition: true,
    hosted: true,
  },
  {
    method: 'patch',
    path: '/flows/{id}',
    summary: 'Update flow',
    body: updateFlowInputSchema,
    response: flowSchema,
    errors: [400, 401, 404],
    addition: true,
    hosted: true,
  },
  { method: 'delete', path: '/flows/{id}', summary: 'Delete flow (cancels a running attempt)', response: z.literal(true), errors: [401, 404], addition: true },
  {
    method: 'post',
    path: '/flows/{id}/run',
    summary: 'Run a flow: 201 `{ "message": "Created" }` (400 when it is already running)',
    response: messageResponseSchema,
    wrapped: false,
    status: 201,
    errors: [400, 401, 403, 404, 500],
  },
  {
    method: 'get',
    path: '/flows/{id}/run',
    summary: 'Get flow run attempts',
    response: runAttemptSchema,
    list: true,
    query: 'attempts',
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    path: '/flows/{id}/cancel',
    summary: 'Cancel a running flow',
    response: messageResponseSchema,
    wrapped: false,
    errors: [401, 403, 404, 500],
  },
  {
    method: 'get',
    path: '/flows/{id}/status',
    summary:
      "Flow status of the latest attempt (no data wrapper, UPPERCASE; PENDING until a worker takes the run; errors null when none; lastAttempt is Flowdeck's)",
    response: flowStatusSchema,
    wrapped: false,
    errors: [401, 404],
    addition: true,
    hosted: true,
  },
  { method: 'get', path: '/workflows', summary: 'List workflows', response: workflowSchema, list: true, query: 'page', errors: [400, 401, 403] },
  {
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
    method: 'patch',
    path: '/workflows/{id}',
    summary: 'Update workflow',
    body: updateWorkflowInputSchema,
    response: workflowSchema,
    errors: [400, 401, 403, 404],
    addition: true,
  },
  { method: 'delete', path: '/workflows/{id}', summary: 'Delete workflow', response: z.literal(true), errors: [401, 403, 404] },
  {
    method: 'get',
    path: '/workflows/{id}/status',
    summary: 'Get workflow status (no data wrapper, UPPERCASE)',
    response: workflowStatusSchema,
    wrapped: false,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/workflows/{id}/run',
    summary: 'Run workflow: 201 `{ "message": "Created" }`',
    response: messageResponseSchema,
    wrapped: false,
    status: 201,
    errors: [400, 401, 403, 404, 500],
  },
  { method: 'post', path: '/workflows/{id}/cancel', summary: 'Cancel workflow run', response: z.literal(true), errors: [401, 403, 404, 500] },
  {
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
    method: 'post',
    path: '/workflows/{id}/webhooks',
    summary: 'Create webhook trigger',
    body: createWebhookTriggerInputSchema,
    response: webhookTriggerSchema,
    status: 201,
    errors: [400, 401, 403, 404],
    addition: true,
  },
  {
    method: 'get',
    path: '/workflows/{id}/webhooks/{webhook_trigger_id}',
    summary: 'Get webhook trigger',
    response: webhookTriggerSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'delete',
    path: '/workflows/{id}/webhooks/{webhook_trigger_id}',
    summary: 'Delete webhook trigger',
    response: z.literal(true),
    errors: [401, 403, 404],
  },
  {
    method: 'get',
    path: '/cards/{hash_id}',
    summary: 'A configuration card, for its recipient (bearer = hash_id); 410 once used, revoked or expired',
    response: cardForRecipientSchema,
    errors: [401, 404, 410],
    security: 'card',
    addition: true,
  },
  {
    method: 'patch',
    path: '/cards/{hash_id}',
    summary: 'Submit a card’s properties, once (400 names missing required ones; 410 once used, revoked or expired)',
    body: submitCardInputSchema,
    response: messageResponseSchema,
    wrapped: false,
    errors: [400, 401, 404, 410],
    security: 'card',
    addition: true,
  },
  { method: 'get', path: '/uploads', summary: 'The largest file POST /uploads accepts', response: uploadLimitsSchema, errors: [401], addition: true },
  {
    method: 'post',
    path: '/uploads',
    summary: 'Upload a file (its raw bytes; ?filename=): location is the value for a csv source',
    response: uploadSchema,
    status: 201,
    errors: [400, 401, 413, 507],
    addition: true,
    upload: true,
  },
  {
    method: 'post',
    path: '/webhooks/{webhook_id}',
    summary: 'Receive a webhook: starts the trigger’s workflow (Slack: url_verification, signatures, each signed request once)',
    response: messageResponseSchema,
    wrapped: false,
    errors: [401, 404, 409],
    security: 'none',
    addition: true,
  },
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Your current plan does not support <feature>.',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict: this signed request was already received.',
  410: 'This link has already been used. | This link has been revoked. | This configuration link has expired.',
  413: 'Payload Too Large',
  507: 'Insufficient Storage',
  500: 'Internal Server Error',
};

const jsonSchema = (schema: Schema, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

function responseBody(operation: Operation): object {
  const item = operation.response ? jsonSchema(operation.response, 'input') : {};
  const value = operation.list ? { type: 'array', items: item } : item;
  return operation.wrapped === false ? value : { type: 'object', required: ['data'], properties: { data: value } };
}

const isTextParameter = (name: string | undefined) => name === 'name' || name === 'hash_id' || name === 'webhook_id';
const hasIdParameter = (operation: Operation) => [...operation.path.matchAll(/\{(\w+)\}/g)].some((match) => !isTextParameter(match[1]));

/** Beside an operation's own errors: 400 for an id that is not a positive integer, 413 for a body over the limit. */
function errorsOf(operation: Operation): number[] {
  const takesBody = operation.method !== 'get' && operation.method !== 'delete';
  return [...new Set([...operation.errors, ...(hasIdParameter(operation) ? [400] : []), ...(takesBody ? [413] : [])])].sort();
}

function parameters(operation: Operation): object[] {
  const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: isTextParameter(match[1]) ? { type: 'string' } : { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  }));
  const inQuery = [
    ...page(operation.query !== undefined).map((name) => ({
      name,
      in: 'query',
      schema: name === 'limit' ? { type: 'integer', minimum: 1, maximum: 1000, default: 100 } : { type: 'integer', minimum: 0, default: 0 },
    })),
    ...(operation.upload ? [{ name: 'filename', in: 'query', schema: { type: 'string' }, description: 'The file’s name; cleaned before use.' }] : []),
    ...(operation.query === 'attempts'
      ? [
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
            description: "By createdAt, any case (the hosted documentation's name).",
          },
          {
            name: 'order',
            in: 'query',
            schema: { type: 'string', enum: ['ASC', 'DESC'], default: 'DESC' },
            description: "By createdAt, any case (the interface document's name); must agree with sort when both are given.",
          },
        ]
      : []),
  ];
  return [...inPath, ...inQuery];
}

function describe(operation: Operation): object {
  const security = operation.security ?? 'apiKey';
  const errors = Object.fromEntries(
    errorsOf(operation).map((status) => [
      String(status),
      { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    summary: operation.summary,
    ...(operation.addition ? { 'x-flowdeck-addition': true } : {}),
    ...(operation.hosted ? { 'x-hosted': true } : {}),
    security: security === 'none' ? [] : [{ [security === 'card' ? 'cardHash' : 'apiKey']: [] }],
    parameters: parameters(operation),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } } } : {}),
    ...(operation.upload ? { requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } : {}),
    responses: {
      [String(operation.status ?? 200)]: { description: 'Success', content: { 'application/json': { schema: responseBody(operation) } } },
      ...errors,
    },
  };
}

let cached: object | null = null;

export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of OPERATIONS) {
    const path = `/v2${operation.path}`;
    paths[path] = { ...paths[path], [operation.method]: describe(operation) };
  }
  cached = {
    openapi: '3.0.3',
    info: {
      title: 'Data Movement Management Service (Flowdeck)',
      version: '0.0.1',
      description:
        "The /v2 interface, with the operations Flowdeck adds where the interface leaves gaps (marked x-flowdeck-addition; those the hosted service documents too are also marked x-hosted, and are all FLOWDECK_PROFILE=hosted answers besides the interface's own).",
    },
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `npm run keys -- create --plan team`.' },
        cardHash: { type: 'http', scheme: 'bearer', description: 'The card’s own hash_id, as in its path.' },
      },
      schemas: { Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
    },
  };
  return cached;
}

export const OPENAPI_OPERATIONS = OPERATIONS;
