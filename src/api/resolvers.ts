import { z } from 'zod';
import { type CallOptions, request } from './client';
import { dataOf, listOf, nullableDateTimeSchema, nullableText, optionalText, propertyDefinitionSchema } from './common';

export const resolverSchema = z.object({
  name: z.string(),
  notes: nullableText,
  type: nullableText,
  category: nullableText,
  suppressed: z.boolean().default(false),
  maskedByDefault: z.boolean().default(false),
  propertyDefinitions: listOf(propertyDefinitionSchema),
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
});
export type DiscoveryStatus = z.infer<typeof discoveryStatusSchema>;

export const resolverListSchema = z.object({
  resolvers: listOf(resolverSchema),
  discoveryStatus: discoveryStatusSchema.nullish().transform((value) => value ?? null),
  discoveryRequired: z.boolean().default(false),
});
export type ResolverList = z.infer<typeof resolverListSchema>;

/** GET /v2/sources/{id}/resolvers */
export function getResolvers(sourceId: number, options: CallOptions = {}): Promise<ResolverList> {
  return request({ path: `/v2/sources/${String(sourceId)}/resolvers`, schema: dataOf(resolverListSchema), ...options });
}
