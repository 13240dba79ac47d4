import type { z } from 'zod';
import { type CallOptions, request, type RequestOptions } from './client';
import type { AnswerOf, BodyInput, OperationOf, PathParams } from './operation-types';
import type { OperationName } from './operations';

// Each client function calls its operation by name and route, and the type checker holds the call to
// the operations table (src/api/operations.ts): the route must be the operation's method and path, the
// path parameters its own, the body what its writer schema takes, and the reader must accept what the
// table says the service answers. (Types only: the table imports this folder's schemas, so reading it
// at run time from here would be an import cycle.)

/** `PATCH /sources/{id}`: an operation's method and path as the table writes them. */
export type RouteOf<N extends OperationName> = `${Uppercase<OperationOf<N>['method']>} ${OperationOf<N>['path']}`;

type ParamsPart<N extends OperationName> = keyof PathParams<N> extends never ? { params?: never } : { params: PathParams<N> };
type BodyPart<N extends OperationName> = OperationOf<N> extends { body: z.ZodType } ? { body: BodyInput<N> } : { body?: never };

/** What a call of operation N sends beyond its method and path, and the reader of its answer. */
export type CallParts<N extends OperationName, S extends z.ZodType> = ParamsPart<N> &
  BodyPart<N> & {
    query?: RequestOptions<S>['query'];
    schema: S;
    /** Replaces the session's key (a card recipient's operations take the card's hash). */
    token?: string;
    timeoutMs?: number;
  };

/** What `schema` reads, or a type no client function returns when `schema` cannot read the answer the table describes. */
type Read<N extends OperationName, S extends z.ZodType> = [AnswerOf<N>] extends [z.input<S>] ? z.output<S> : { readerRefusesTheAnswerOf: N };

/** The method and path of a route, its path parameters filled in. */
export function routeRequest(route: string, params: Readonly<Record<string, string | number>> = {}): Pick<RequestOptions<z.ZodType>, 'method' | 'path'> {
  const [method = 'GET', template = ''] = route.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  return { method: method as RequestOptions<z.ZodType>['method'], path: `/v2${path}` };
}

export function callOperation<N extends OperationName, S extends z.ZodType>(
  _name: N,
  route: RouteOf<N>,
  parts: CallParts<N, S>,
  options: CallOptions = {},
): Promise<Read<N, S>> {
  const { params, body, ...rest } = parts as CallParts<N, S> & { params?: Record<string, string | number>; body?: unknown };
  return request({ ...routeRequest(route, params), body, ...rest, ...options }) as Promise<Read<N, S>>;
}
