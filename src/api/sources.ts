import { z } from 'zod';
import { type CallOptions, request, writeBody } from './client';
import { dataOf, idSchema, listOf, nullableDateTimeSchema, propertiesInputSchema, propertiesSchema, textOrEmpty } from './common';
import { VERIFY_CLIENT_TIMEOUT_MS, type VerificationMessage, verificationMessageSchema } from './destinations';
import { type PageParams, pageParamsSchema } from './page-params';
import { sourceSpecFullSchema } from './specs';

/** A source's spec is an object in responses; a bare name is accepted too, read as a spec with only its name. */
const nestedSourceSpecSchema = z.union([sourceSpecFullSchema, z.string().transform((name) => sourceSpecFullSchema.parse({ name }))]);

export const sourceSchema = z.object({
  id: idSchema,
  displayName: textOrEmpty,
  sourceSpec: nestedSourceSpecSchema,
  properties: propertiesSchema,
  createdAt: nullableDateTimeSchema,
  updatedAt: nullableDateTimeSchema,
});
export type Source = z.infer<typeof sourceSchema>;

export const createSourceInputSchema = z.strictObject({
  sourceSpec: z.string().min(1, 'Choose a source spec'),
  displayName: z.string().optional(),
  properties: propertiesInputSchema.optional(),
});
export type CreateSourceInput = z.infer<typeof createSourceInputSchema>;

/** Only what changed: an untouched secret is left out, never sent back masked. */
export const updateSourceInputSchema = z.strictObject({
  displayName: z.string().optional(),
  properties: propertiesInputSchema.optional(),
});
export type UpdateSourceInput = z.infer<typeof updateSourceInputSchema>;

/** POST /v2/sources */
export async function createSource(input: CreateSourceInput, options: CallOptions = {}): Promise<Source> {
  return request({ method: 'POST', path: '/v2/sources', body: writeBody(createSourceInputSchema, input), schema: dataOf(sourceSchema), ...options });
}

/** PATCH /v2/sources/{id} */
export async function updateSource(id: number, input: UpdateSourceInput, options: CallOptions = {}): Promise<Source> {
  return request({
    method: 'PATCH',
    path: `/v2/sources/${String(id)}`,
    body: writeBody(updateSourceInputSchema, input),
    schema: dataOf(sourceSchema),
    ...options,
  });
}

/** GET /v2/sources (Flowdeck's addition): specs in summary form, so their definitions read as empty. */
export async function listSources(params: PageParams = {}, options: CallOptions = {}): Promise<Source[]> {
  return request({ path: '/v2/sources', query: writeBody(pageParamsSchema, params), schema: dataOf(listOf(sourceSchema)), ...options });
}

/** GET /v2/sources/{id} (Flowdeck's addition): the spec in its full form. */
export function getSource(id: number, options: CallOptions = {}): Promise<Source> {
  return request({ path: `/v2/sources/${String(id)}`, schema: dataOf(sourceSchema), ...options });
}

/**
 * GET /v2/sources/{id}/verify (the hosted service documents it beside destination verify): each missing
 * required property, then a real connection; bounded at 10 s by the service and 15 s here.
 */
export function verifySource(id: number, options: CallOptions = {}): Promise<VerificationMessage[]> {
  return request({
    path: `/v2/sources/${String(id)}/verify`,
    schema: dataOf(listOf(verificationMessageSchema)),
    timeoutMs: VERIFY_CLIENT_TIMEOUT_MS,
    ...options,
  });
}

/** DELETE /v2/sources/{id} (Flowdeck's addition): 400 naming the flows while flows use it; its card links stop working. */
export function deleteSource(id: number, options: CallOptions = {}): Promise<true> {
  return request({ method: 'DELETE', path: `/v2/sources/${String(id)}`, schema: dataOf(z.literal(true)), ...options });
}
