import type { z } from 'zod';
import type { BodyOf, OperationOf, PathParams } from '@/api/operation-types';
import { type Operation, type OperationName, operationNamed, PATH_PARAMETERS, type PathParameter, type QueryKind } from '@/api/operations';
import { safeUploadName } from '@/api/uploads';
import { readLogPage } from './log-page';
import { parseJsonBody, parseWith } from './parse';
import { type QueryReader, readCardListQuery, readId, readIds, readOrder, readPage, readTimelineQuery } from './request-params';
import { readAuditQuery } from './audit-query';
import { readChangesQuery, readRunsQuery } from './runs-query';

// A request's input as its operation (src/api/operations.ts) says to read it, for the service and the
// mock alike: the path parameters, then the query, then the JSON body, each wrong one a 400 that names
// it. Everything is read before the handler runs, so a request that is malformed and also names a
// missing resource is answered 400, not 404.

/** How each kind of query is read; the table names the kind. */
const QUERY_READERS = {
  page: readPage,
  attempts: (query: QueryReader) => ({ ...readPage(query), order: readOrder(query) }),
  logs: readLogPage,
  window: readTimelineQuery,
  ids: (query: QueryReader) => ({ ids: readIds(query) }),
  filename: (query: QueryReader) => ({ filename: safeUploadName(query('filename')) }),
  cards: readCardListQuery,
  resource: (query: QueryReader) => ({ resource: query('resource') ?? undefined }),
  runs: readRunsQuery,
  since: readChangesQuery,
  audit: readAuditQuery,
} satisfies Record<QueryKind, (query: QueryReader) => unknown>;

type QueryOf<N extends OperationName> = OperationOf<N> extends { query: infer K extends QueryKind } ? ReturnType<(typeof QUERY_READERS)[K]> : undefined;

/** What a handler is handed: its operation's input, read and checked. */
export interface OperationInput<N extends OperationName> {
  params: PathParams<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
}

/** The request as each side has it. */
export interface RequestParts {
  /** Path parameters by name, as the router decoded them. */
  param: (name: string) => string | undefined;
  query: QueryReader;
  /** The body's text; read only when the operation has a JSON body. */
  text: () => Promise<string>;
}

const parameterNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParameter);

function readParams(path: string, param: RequestParts['param']): Record<string, number | string> {
  return Object.fromEntries(parameterNames(path).map((name) => [name, PATH_PARAMETERS[name] === 'id' ? readId(param(name), name) : (param(name) ?? '')]));
}

async function readBody(operation: Operation, text: () => Promise<string>, hosted: boolean): Promise<unknown> {
  const schema: z.ZodType | undefined = (hosted ? operation.hostedBody : undefined) ?? operation.body;
  if (!schema) return undefined;
  const json = parseJsonBody(await text());
  return operation.bodyWithProperties ? json : parseWith(schema, json);
}

/** The input of operation `name` (`hosted`: as FLOWDECK_PROFILE=hosted reads it). */
export async function readOperationInput<N extends OperationName>(name: N, request: RequestParts, hosted: boolean): Promise<OperationInput<N>> {
  const operation = operationNamed(name);
  const params = readParams(operation.path, request.param);
  const query = operation.query ? QUERY_READERS[operation.query](request.query) : undefined;
  const body = await readBody(operation, request.text, hosted);
  return { params, query, body } as OperationInput<N>;
}
