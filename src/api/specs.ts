import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, listOf, nullableText, openEnum, propertyDefinitionSchema, specLifecycleSchema } from './common';
import { type PageParams, pageParamsSchema } from './page-params';

export const AUTHENTICATION_STRATEGIES = ['NONE', 'BASIC', 'TOKEN', 'AUTH_CODE', 'CLIENT_CREDENTIALS', 'FETCH_CREDENTIALS', 'OIDC'] as const;

/** The five fields both source and destination specs share; each form may leave any of them out. */
const specSummaryShape = {
  name: z.string().min(1),
  displayName: nullableText,
  website: nullableText,
  tagLine: nullableText,
  lifecycle: specLifecycleSchema.nullish().transform((value) => value ?? null),
};

/** Present only in the full form, nested in a source or destination. */
const specFullShape = {
  ...specSummaryShape,
  instructions: nullableText,
  propertyDefinitions: listOf(propertyDefinitionSchema),
};

const authenticationStrategySchema = openEnum(AUTHENTICATION_STRATEGIES, 'upper')
  .nullish()
  .transform((value) => value ?? null);

export const sourceSpecSummarySchema = z.object({ ...specSummaryShape, authenticationStrategy: authenticationStrategySchema });
export type SourceSpecSummary = z.infer<typeof sourceSpecSummarySchema>;

export const sourceSpecFullSchema = z.object({ ...specFullShape, authenticationStrategy: authenticationStrategySchema });
export type SourceSpecFull = z.infer<typeof sourceSpecFullSchema>;

export const destinationSpecSummarySchema = z.object(specSummaryShape);
export type DestinationSpecSummary = z.infer<typeof destinationSpecSummarySchema>;

export const destinationSpecFullSchema = z.object(specFullShape);
export type DestinationSpecFull = z.infer<typeof destinationSpecFullSchema>;

/** GET /v2/sourcespecs/{name}: the summary form. */
export function getSourceSpec(name: string, options: CallOptions = {}): Promise<SourceSpecSummary> {
  return callOperation('getSourceSpec', 'GET /sourcespecs/{name}', { params: { name }, schema: dataOf(sourceSpecSummarySchema) }, options);
}

/** GET /v2/sourcespecs (Flowdeck's addition): the summary form. */
export async function listSourceSpecs(params: PageParams = {}, options: CallOptions = {}): Promise<SourceSpecSummary[]> {
  return callOperation(
    'listSourceSpecs',
    'GET /sourcespecs',
    { query: writeBody(pageParamsSchema, params), schema: dataOf(listOf(sourceSpecSummarySchema)) },
    options,
  );
}

/** GET /v2/destinationspecs: the list form. */
export function listDestinationSpecs(options: CallOptions = {}): Promise<DestinationSpecSummary[]> {
  return callOperation('listDestinationSpecs', 'GET /destinationspecs', { schema: dataOf(listOf(destinationSpecSummarySchema)) }, options);
}

/**
 * GET /v2/connectors (the hosted service documents it; Flowdeck's service answers it too): the source
 * connectors, as source specs in summary form.
 */
export async function listConnectors(params: PageParams = {}, options: CallOptions = {}): Promise<SourceSpecSummary[]> {
  return callOperation(
    'listConnectors',
    'GET /connectors',
    { query: writeBody(pageParamsSchema, params), schema: dataOf(listOf(sourceSpecSummarySchema)) },
    options,
  );
}
