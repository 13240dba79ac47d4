import { z } from 'zod';
import { type CallOptions, request, writeBody } from './client';
import { dataOf, dateTimeSchema, idSchema, listOf, nullableText, propertiesInputSchema } from './common';
import { type PageParams, pageParamsSchema } from './page-params';
import { sourceSpecFullSchema } from './specs';

export const configurationCardSchema = z
  .object({
    id: idSchema,
    hash_id: z.string().min(1),
    expires_at: dateTimeSchema,
    type: z.string().transform((value) => value.toUpperCase()),
    source_name: nullableText,
    url: z.string(),
    image_url: nullableText,
    instruction: nullableText,
  })
  .transform((card) => ({
    id: card.id,
    hashId: card.hash_id,
    expiresAt: card.expires_at,
    type: card.type,
    sourceName: card.source_name,
    url: card.url,
    imageUrl: card.image_url,
    instruction: card.instruction,
  }));
export type ConfigurationCard = z.infer<typeof configurationCardSchema>;

const httpUrl = z.url({ protocol: /^https?$/, message: 'Use an http or https address' });

/** The public interface documents expiresAt as needed; image and instruction are optional. */
export const createConfigurationCardInputSchema = z.strictObject({
  expiresAt: z.iso.datetime({ offset: true }),
  imageUrl: httpUrl.optional(),
  instruction: z.string().optional(),
});
export type CreateConfigurationCardInput = z.infer<typeof createConfigurationCardInputSchema>;

/** POST /v2/sources/{id}/configuration_cards */
export async function createConfigurationCard(
  sourceId: number,
  input: CreateConfigurationCardInput,
  options: CallOptions = {},
): Promise<ConfigurationCard> {
  return request({
    method: 'POST',
    path: `/v2/sources/${String(sourceId)}/configuration_cards`,
    body: writeBody(createConfigurationCardInputSchema, input),
    schema: dataOf(configurationCardSchema),
    ...options,
  });
}

/** GET /v2/sources/{id}/configuration_cards (Flowdeck's addition): newest first. */
export async function listConfigurationCards(sourceId: number, params: PageParams = {}, options: CallOptions = {}): Promise<ConfigurationCard[]> {
  return request({
    path: `/v2/sources/${String(sourceId)}/configuration_cards`,
    query: writeBody(pageParamsSchema, params),
    schema: dataOf(listOf(configurationCardSchema)),
    ...options,
  });
}

/** What the recipient of a card link sees: the spec's full form, no property values. */
export const cardForRecipientSchema = z
  .object({
    hash_id: z.string().min(1),
    source_name: nullableText,
    instruction: nullableText,
    image_url: nullableText,
    expires_at: dateTimeSchema,
    sourceSpec: sourceSpecFullSchema,
  })
  .transform((card) => ({
    hashId: card.hash_id,
    sourceName: card.source_name,
    instruction: card.instruction,
    imageUrl: card.image_url,
    expiresAt: card.expires_at,
    sourceSpec: card.sourceSpec,
  }));
export type CardForRecipient = z.infer<typeof cardForRecipientSchema>;

export const submitCardInputSchema = z.strictObject({ properties: propertiesInputSchema });
export type SubmitCardInput = z.infer<typeof submitCardInputSchema>;

/** GET /v2/cards/{hash_id} (Flowdeck's addition): the card's hash is its own bearer key. */
export function getCardForRecipient(hashId: string, options: CallOptions = {}): Promise<CardForRecipient> {
  return request({ path: `/v2/cards/${encodeURIComponent(hashId)}`, schema: dataOf(cardForRecipientSchema), token: hashId, ...options });
}

/** PATCH /v2/cards/{hash_id} (Flowdeck's addition): 404 unknown, 410 expired, 400 names missing properties. */
export async function submitCard(hashId: string, input: SubmitCardInput, options: CallOptions = {}): Promise<unknown> {
  return request({
    method: 'PATCH',
    path: `/v2/cards/${encodeURIComponent(hashId)}`,
    body: writeBody(submitCardInputSchema, input),
    schema: z.unknown(),
    token: hashId,
    ...options,
  });
}
