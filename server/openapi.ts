import { z } from 'zod';
import { DEFAULT_LOG_PAGE_LIMIT, MAX_LOG_PAGE_LIMIT } from '@/api/attempt-logs';
import { CARD_STATES } from '@/api/cards';
import { CLOSED_CARD_MESSAGES, MESSAGES, planForbids, roleForbids } from '@/api/messages';
import { type Operation, OPERATIONS, PATH_PARAMETERS, type PathParameter } from '@/api/operations';
import { auditParamsSchema } from '@/api/audit';
import { MAX_CHANGES_WAIT_SECONDS, runsParamsSchema } from '@/api/runs';
import { DEFAULT_TIMELINE_LIMIT, MAX_TIMELINE_LIMIT } from '@/api/timeline';

// /v2/openapi.json, generated from the one catalogue of operations (src/api/operations.ts) and the
// schemas the dashboard reads with and the service validates with. Response schemas are the
// dashboard's tolerant readers (their input side), so they describe every shape a client must accept;
// the service itself emits the canonical one.

/** The kinds of query that page with `limit` and `offset`. */
const pagedBy = (operation: Operation) =>
  operation.query === 'page' || operation.query === 'attempts' || operation.query === 'window' || operation.query === 'cards';

const logParameters = [
  { name: 'after', in: 'query', schema: { type: 'string' }, description: 'The `next` cursor of the page before (opaque); absent: from the first line.' },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_LOG_PAGE_LIMIT, default: DEFAULT_LOG_PAGE_LIMIT } },
];

const ERROR_TEXT: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: `${planForbids('<feature>')} | ${roleForbids('<role>', '<action>')}`,
  404: MESSAGES.notFound,
  408: MESSAGES.requestTimeout,
  409: MESSAGES.webhookReplayed,
  410: Object.values(CLOSED_CARD_MESSAGES).join(' | '),
  413: MESSAGES.payloadTooLarge,
  429: 'Too Many Requests (Retry-After says when to try again)',
  507: MESSAGES.insufficientStorage,
  500: MESSAGES.internalError,
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

function responseBody(operation: Operation): object {
  const item = operation.response ? jsonSchema(operation.response, 'input') : {};
  const value = operation.list ? { type: 'array', items: item } : item;
  return operation.wrapped === false ? value : { type: 'object', required: ['data'], properties: { data: value } };
}

const isTextParameter = (name: string | undefined) => PATH_PARAMETERS[name as PathParameter] === 'text';
const hasIdParameter = (operation: Operation) => [...operation.path.matchAll(/\{(\w+)\}/g)].some((match) => !isTextParameter(match[1]));

/** Beside an operation's own errors: 400 for an id that is not a positive integer, 413 for a body over the limit. */
function errorsOf(operation: Operation): number[] {
  const takesBody = operation.method !== 'get' && operation.method !== 'delete';
  const roleLimited = operation.role !== undefined && operation.role !== 'viewer';
  return [...new Set([...operation.errors, ...(hasIdParameter(operation) ? [400] : []), ...(takesBody ? [413] : []), ...(roleLimited ? [403] : [])])].sort();
}

/** Query parameters described by a writer schema of the dashboard's (an object of optional fields). */
function queryParametersOf(schema: z.ZodType): object[] {
  const { properties = {} } = jsonSchema(schema, 'input') as { properties?: Record<string, { description?: string }> };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    schema: property,
    ...(property.description ? { description: property.description } : {}),
  }));
}

/** GET /v2/run-changes: where the last answer left off, and how long to hold this one. */
const changesParameters = [
  { name: 'since', in: 'query', schema: { type: 'string' }, description: 'The `next` of an earlier answer; absent on the first read.' },
  {
    name: 'wait',
    in: 'query',
    schema: { type: 'integer', minimum: 0, maximum: MAX_CHANGES_WAIT_SECONDS, default: 0 },
    description: 'Seconds to hold the answer while nothing changed since `since`.',
  },
];

function parameters(operation: Operation): object[] {
  const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: isTextParameter(match[1]) ? { type: 'string' } : { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  }));
  const inQuery = [
    ...(pagedBy(operation) ? ['limit', 'offset'] : []).map((name) => ({
      name,
      in: 'query',
      schema:
        name === 'limit'
          ? operation.query === 'window'
            ? { type: 'integer', minimum: 1, maximum: MAX_TIMELINE_LIMIT, default: DEFAULT_TIMELINE_LIMIT }
            : { type: 'integer', minimum: 1, maximum: 1000, default: 100 }
          : { type: 'integer', minimum: 0, default: 0 },
    })),
    ...(operation.query === 'logs' ? logParameters : []),
    ...(operation.query === 'ids'
      ? [
          {
            name: 'ids',
            in: 'query',
            required: true,
            schema: { type: 'string', pattern: '^\\d+(,\\d+){0,99}$' },
            description: 'Comma-separated flow ids, 1 to 100.',
          },
        ]
      : []),
    ...(operation.query === 'window'
      ? (['from', 'to'] as const).map((name) => ({
          name,
          in: 'query',
          required: true,
          schema: { type: 'string', format: 'date-time' },
          description: name === 'from' ? 'Start of the window (ISO 8601).' : 'End of the window (ISO 8601), after from, at most 31 days later.',
        }))
      : []),
    ...(operation.query === 'cards'
      ? [{ name: 'state', in: 'query', schema: { type: 'string', enum: [...CARD_STATES] }, description: 'Only the cards in this state.' }]
      : []),
    ...(operation.query === 'resource'
      ? [{ name: 'resource', in: 'query', schema: { type: 'string' }, description: 'One resource by name; absent: every resource.' }]
      : []),
    ...(operation.query === 'runs' ? queryParametersOf(runsParamsSchema) : []),
    ...(operation.query === 'audit' ? queryParametersOf(auditParamsSchema) : []),
    ...(operation.query === 'since' ? changesParameters : []),
    ...(operation.query === 'filename'
      ? [{ name: 'filename', in: 'query', schema: { type: 'string' }, description: 'The file’s name; cleaned before use.' }]
      : []),
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

/** The least role, in words beside the machine-readable `x-flowdeck-role`. */
function roleDescription(operation: Operation): string {
  const pause = operation.pauseRole ? ` (${operation.pauseRole} when the body only pauses or resumes)` : '';
  return `Least role: ${operation.role ?? ''}${pause}.`;
}

function describe(operation: Operation): object {
  const security = operation.access === 'public' ? [] : [{ [operation.access === 'card' ? 'cardHash' : 'apiKey']: [] }];
  const errors = Object.fromEntries(
    errorsOf(operation).map((status) => [
      String(status),
      { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    summary: operation.summary,
    ...(operation.role ? { description: roleDescription(operation), 'x-flowdeck-role': operation.role } : {}),
    ...(operation.pauseRole ? { 'x-flowdeck-pause-role': operation.pauseRole } : {}),
    ...(operation.addition ? { 'x-flowdeck-addition': true } : {}),
    ...(operation.hosted ? { 'x-hosted': true } : {}),
    security,
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
