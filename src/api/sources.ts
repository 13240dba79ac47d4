import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
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
  return callOperation('createSource', 'POST /sources', { body: writeBody(createSourceInputSchema, input), schema: dataOf(sourceSchema) }, options);
}

/** PATCH /v2/sources/{id} */
export async function updateSource(id: number, input: UpdateSourceInput, options: CallOptions = {}): Promise<Source> {
  return callOperation(
    'updateSource',
    'PATCH /sources/{id}',
    { params: { id }, body: writeBody(updateSourceInputSchema, input), schema: dataOf(sourceSchema) },
    options,
  );
}

/** GET /v2/sources (Flowdeck's addition): specs in summary form, so their definitions read as empty. */
export async function listSources(params: PageParams = {}, options: CallOptions = {}): Promise<Source[]> {
  return callOperation('listSources', 'GET /sources', { query: writeBody(pageParamsSchema, params), schema: dataOf(listOf(sourceSchema)) }, options);
}

/** GET /v2/sources/{id} (Flowdeck's addition): the spec in its full form. */
export function getSource(id: number, options: CallOptions = {}): Promise<Source> {
  return callOperation('getSource', 'GET /sources/{id}', { params: { id }, schema: dataOf(sourceSchema) }, options);
}

/**
 * GET /v2/sources/{id}/verify (the hosted service documents it beside destination verify): each missing
 * required property, then a real connection; bounded at 10 s by the service and 15 s here.
 */
export function verifySource(id: number, options: CallOptions = {}): Promise<VerificationMessage[]> {
  return callOperation(
    'verifySource',
    'GET /sources/{id}/verify',
    { params: { id }, schema: dataOf(listOf(verificationMessageSchema)), timeoutMs: VERIFY_CLIENT_TIMEOUT_MS },
    options,
  );
}

/** DELETE /v2/sources/{id} (Flowdeck's addition): 400 naming the flows while flows use it; its card links stop working. */
export function deleteSource(id: number, options: CallOptions = {}): Promise<true> {
  return callOperation('deleteSource', 'DELETE /sources/{id}', { params: { id }, schema: dataOf(z.literal(true)) }, options);
}
