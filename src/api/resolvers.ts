import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, listOf, nullableDateTimeSchema, nullableText, optionalText, propertyDefinitionSchema } from './common';
import { resolverTableFields } from './tables';

export const resolverSchema = z.object({
  name: z.string(),
  notes: nullableText,
  type: nullableText,
  category: nullableText,
  suppressed: z.boolean().default(false),
  maskedByDefault: z.boolean().default(false),
  propertyDefinitions: listOf(propertyDefinitionSchema),
  ...resolverTableFields,
});
export type Resolver = z.infer<typeof resolverSchema>;

/** Only `in_progress` is documented; other statuses are shown as they come. */
export const discoveryStatusSchema = z.object({
  status: z.string().transform((value) => value.toLowerCase()),
  timestamp: nullableDateTimeSchema,
  error: optionalText,
  resolverCount: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  /** When the listed resolvers were found: the last discovery that succeeded (Flowdeck's addition). */
  discoveredAt: nullableDateTimeSchema,
});
export type DiscoveryStatus = z.infer<typeof discoveryStatusSchema>;

export const resolverListSchema = z.object({
  resolvers: listOf(resolverSchema),
  discoveryStatus: discoveryStatusSchema.nullish().transform((value) => value ?? null),
  discoveryRequired: z.boolean().default(false),
});
export type ResolverList = z.infer<typeof resolverListSchema>;

/** Turn resolvers on or off by name: a run loads only those turned on (`suppressed: false`). */
export const updateResolversInputSchema = z.strictObject({
  resolvers: z
    // A resolver's name is a name like any other: at most 200 characters, as the service bounds names.
    .array(z.strictObject({ name: z.string().min(1).max(200), suppressed: z.boolean() }))
    .min(1, 'Name at least one resolver.')
    .max(1000),
});
export type UpdateResolversInput = z.infer<typeof updateResolversInputSchema>;

/** GET /v2/sources/{id}/resolvers */
export function getResolvers(sourceId: number, options: CallOptions = {}): Promise<ResolverList> {
  return callOperation('getResolvers', 'GET /sources/{id}/resolvers', { params: { id: sourceId }, schema: dataOf(resolverListSchema) }, options);
}

/** PATCH /v2/sources/{id}/resolvers (Flowdeck's addition): the list with the choices applied; 400 names unknown resolvers. */
export async function updateResolvers(sourceId: number, input: UpdateResolversInput, options: CallOptions = {}): Promise<ResolverList> {
  return callOperation(
    'updateResolvers',
    'PATCH /sources/{id}/resolvers',
    { params: { id: sourceId }, body: writeBody(updateResolversInputSchema, input), schema: dataOf(resolverListSchema) },
    options,
  );
}

/** POST /v2/sources/{id}/discover (Flowdeck's addition): starts discovery now; 400 while one is in progress. */
export function discoverResolvers(sourceId: number, options: CallOptions = {}): Promise<ResolverList> {
  return callOperation('discoverResolvers', 'POST /sources/{id}/discover', { params: { id: sourceId }, schema: dataOf(resolverListSchema) }, options);
}
