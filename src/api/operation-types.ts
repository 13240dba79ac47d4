import type { z } from 'zod';
import type { OPERATIONS, OperationName, PathParameter, PATH_PARAMETERS } from './operations';

// The types of each operation's parts, read from the operations table: what the service's handlers are
// handed and answer, what the client functions send and read. A handler or a client function that does
// not fit its operation fails the type checker.

export type OperationOf<N extends OperationName> = Extract<(typeof OPERATIONS)[number], { name: N }>;

type ParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParameterNames<Rest> : never;

type UnknownParameters = Exclude<ParameterNames<(typeof OPERATIONS)[number]['path']>, PathParameter>;
/** Does not compile while a path names a parameter PATH_PARAMETERS does not describe. */
export const EVERY_PATH_PARAMETER_DESCRIBED: [UnknownParameters] extends [never] ? true : UnknownParameters = true;

/** Its path parameters by name: a number for an id, text for the others. */
export type PathParams<N extends OperationName> = {
  [K in ParameterNames<OperationOf<N>['path']>]: K extends PathParameter ? ((typeof PATH_PARAMETERS)[K] extends 'id' ? number : string) : never;
};

/** The body as the service reads it: parsed JSON where it is read against a spec, undefined where there is none. */
export type BodyOf<N extends OperationName> =
  OperationOf<N> extends { bodyWithProperties: true } ? unknown : OperationOf<N> extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;

/** The body a client sends. */
export type BodyInput<N extends OperationName> = OperationOf<N> extends { body: infer S extends z.ZodType } ? z.input<S> : never;

type ResponseOf<N extends OperationName> = OperationOf<N> extends { response: infer S extends z.ZodType } ? S : z.ZodUnknown;
type Listed<N extends OperationName, T> = OperationOf<N> extends { list: true } ? T[] : T;
type Wrapped<N extends OperationName, T> = OperationOf<N> extends { wrapped: false } ? T : { data: T };

type AnswerSchemaOf<N extends OperationName> = OperationOf<N> extends { answer: infer S extends z.ZodType } ? S : ResponseOf<N>;

/**
 * What the service answers on success: its `answer` schema where the table gives one, else the reader's
 * input side (what every client must accept), listed and wrapped as the table says.
 */
export type AnswerOf<N extends OperationName> = Wrapped<N, Listed<N, z.input<AnswerSchemaOf<N>>>>;

/** What a client reads from that answer (the wrapper taken off). */
export type ReadAnswerOf<N extends OperationName> = Listed<N, z.output<ResponseOf<N>>>;
