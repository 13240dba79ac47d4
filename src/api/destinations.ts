import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, idSchema, listOf, nullableDateTimeSchema, propertiesInputSchema, propertiesSchema, textOrEmpty } from './common';
import { type PageParams, pageParamsSchema } from './page-params';
import { destinationSpecFullSchema } from './specs';

const nestedDestinationSpecSchema = z.union([destinationSpecFullSchema, z.string().transform((name) => destinationSpecFullSchema.parse({ name }))]);

export const destinationSchema = z.object({
  id: idSchema,
  displayName: textOrEmpty,
  destinationSpec: nestedDestinationSpecSchema,
  properties: propertiesSchema,
  createdAt: nullableDateTimeSchema,
  updatedAt: nullableDateTimeSchema,
});
export type Destination = z.infer<typeof destinationSchema>;

export const createDestinationInputSchema = z.strictObject({
  destinationSpec: z.string().min(1, 'Choose a destination spec'),
  displayName: z.string().optional(),
  properties: propertiesInputSchema.optional(),
});
export type CreateDestinationInput = z.infer<typeof createDestinationInputSchema>;

export const updateDestinationInputSchema = z.strictObject({
  displayName: z.string().optional(),
  properties: propertiesInputSchema.optional(),
});
export type UpdateDestinationInput = z.infer<typeof updateDestinationInputSchema>;

/** `is_error` in payloads, `isError` in the interface's prose: both read as isError. */
export const verificationMessageSchema = z
  .object({
    name: textOrEmpty,
    message: z.string(),
    is_error: z.boolean().optional(),
    isError: z.boolean().optional(),
  })
  .transform(({ name, message, is_error, isError }) => ({ name, message, isError: is_error ?? isError ?? false }));
export type VerificationMessage = z.infer<typeof verificationMessageSchema>;

/** The service gives up after 10 s; the dashboard waits a little longer so the service's own answer wins. */
export const VERIFY_CLIENT_TIMEOUT_MS = 15_000;

/** POST /v2/destinations */
export async function createDestination(input: CreateDestinationInput, options: CallOptions = {}): Promise<Destination> {
  return callOperation(
    'createDestination',
    'POST /destinations',
    { body: writeBody(createDestinationInputSchema, input), schema: dataOf(destinationSchema) },
    options,
  );
}

/** GET /v2/destinations (Flowdeck's addition): specs in summary form. */
export async function listDestinations(params: PageParams = {}, options: CallOptions = {}): Promise<Destination[]> {
  return callOperation(
    'listDestinations',
    'GET /destinations',
    { query: writeBody(pageParamsSchema, params), schema: dataOf(listOf(destinationSchema)) },
    options,
  );
}

/** GET /v2/destinations/{id} */
export function getDestination(id: number, options: CallOptions = {}): Promise<Destination> {
  return callOperation('getDestination', 'GET /destinations/{id}', { params: { id }, schema: dataOf(destinationSchema) }, options);
}

/** PATCH /v2/destinations/{id} */
export async function updateDestination(id: number, input: UpdateDestinationInput, options: CallOptions = {}): Promise<Destination> {
  return callOperation(
    'updateDestination',
    'PATCH /destinations/{id}',
    { params: { id }, body: writeBody(updateDestinationInputSchema, input), schema: dataOf(destinationSchema) },
    options,
  );
}

/** GET /v2/destinations/{id}/verify: synchronous, bounded at 10 s by the service and 15 s here. */
export function verifyDestination(id: number, options: CallOptions = {}): Promise<VerificationMessage[]> {
  return callOperation(
    'verifyDestination',
    'GET /destinations/{id}/verify',
    { params: { id }, schema: dataOf(listOf(verificationMessageSchema)), timeoutMs: VERIFY_CLIENT_TIMEOUT_MS },
    options,
  );
}

/** DELETE /v2/destinations/{id} (Flowdeck's addition): 400 naming the flows while flows use it. */
export function deleteDestination(id: number, options: CallOptions = {}): Promise<true> {
  return callOperation('deleteDestination', 'DELETE /destinations/{id}', { params: { id }, schema: dataOf(z.literal(true)) }, options);
}
