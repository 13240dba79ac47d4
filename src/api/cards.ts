import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, dateTimeSchema, idSchema, listOf, nullableDateTimeSchema, nullableText, openEnum, propertiesInputSchema } from './common';
import { isApiError } from './errors';
import { CLOSED_CARD_MESSAGES } from './messages';
import { type PageParams, pageParamsSchema } from './page-params';
import { sourceSpecFullSchema } from './specs';

// A card link works once: it is open until it is submitted, revoked by its sender, or past its expiry.
// One rule for the service, the mock service and the dashboard.

export const CARD_STATES = ['open', 'submitted', 'expired', 'revoked'] as const;
export type CardState = (typeof CARD_STATES)[number];

export interface CardTimes {
  expiresAt: number;
  submittedAt: number | null;
  revokedAt: number | null;
}

/** Submitted wins over revoked (a used link cannot be revoked), and both over expired. */
export function cardStateAt(card: CardTimes, now: number): CardState {
  if (card.submittedAt !== null) return 'submitted';
  if (card.revokedAt !== null) return 'revoked';
  return card.expiresAt <= now ? 'expired' : 'open';
}

/** Why a link no longer works: the 410 message for each closed state (the texts live with the others). */
export { CLOSED_CARD_MESSAGES };

export type ClosedCardReason = keyof typeof CLOSED_CARD_MESSAGES;

/** The reason behind a 410 from the recipient endpoints; any other 410 text reads as expired (the interface's only one). */
export function closedCardReason(error: unknown): ClosedCardReason | null {
  if (!isApiError(error, 'gone')) return null;
  if (/already.*used/i.test(error.message)) return 'submitted';
  if (/revoked/i.test(error.message)) return 'revoked';
  return 'expired';
}

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
    // Flowdeck's additions, in the sender's list only; a service without them still reads (state undefined:
    // only the expiry is known).
    state: openEnum(CARD_STATES, 'lower').optional(),
    submitted_at: nullableDateTimeSchema,
    revoked_at: nullableDateTimeSchema,
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
    state: card.state,
    submittedAt: card.submitted_at,
    revokedAt: card.revoked_at,
  }));
export type ConfigurationCard = z.infer<typeof configurationCardSchema>;

const httpUrl = z.url({ protocol: /^https?$/, message: 'Use an http or https address' });

/** The public interface documents expiresAt as needed; image and instruction are optional. */
/** What a card configures; the hosted service documents these three. The service stores and returns it (SOURCE when left out). */
export const CARD_TYPES = ['SOURCE', 'AGENT', 'DESTINATION'] as const;

export const createConfigurationCardInputSchema = z.strictObject({
  type: z.enum(CARD_TYPES).optional(),
  expiresAt: z.iso.datetime({ offset: true }),
  imageUrl: httpUrl.optional(),
  instruction: z.string().optional(),
});
export type CreateConfigurationCardInput = z.infer<typeof createConfigurationCardInputSchema>;

/** POST /v2/sources/{id}/configuration_cards */
export async function createConfigurationCard(sourceId: number, input: CreateConfigurationCardInput, options: CallOptions = {}): Promise<ConfigurationCard> {
  return callOperation(
    'createConfigurationCard',
    'POST /sources/{id}/configuration_cards',
    { params: { id: sourceId }, body: writeBody(createConfigurationCardInputSchema, input), schema: dataOf(configurationCardSchema) },
    options,
  );
}

/** GET /v2/sources/{id}/configuration_cards (Flowdeck's addition): newest first. */
export async function listConfigurationCards(sourceId: number, params: PageParams = {}, options: CallOptions = {}): Promise<ConfigurationCard[]> {
  return callOperation(
    'listConfigurationCards',
    'GET /sources/{id}/configuration_cards',
    { params: { id: sourceId }, query: writeBody(pageParamsSchema, params), schema: dataOf(listOf(configurationCardSchema)) },
    options,
  );
}

/** DELETE /v2/sources/{id}/configuration_cards/{cardId} (Flowdeck's addition): the link stops working at once. */
export async function revokeConfigurationCard(sourceId: number, cardId: number, options: CallOptions = {}): Promise<void> {
  await callOperation(
    'revokeConfigurationCard',
    'DELETE /sources/{id}/configuration_cards/{cardId}',
    { params: { id: sourceId, cardId }, schema: z.unknown() },
    options,
  );
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
  return callOperation(
    'getCardForRecipient',
    'GET /cards/{hash_id}',
    { params: { hash_id: hashId }, schema: dataOf(cardForRecipientSchema), token: hashId },
    options,
  );
}

/**
 * PATCH /v2/cards/{hash_id} (Flowdeck's addition): 404 unknown, 410 once used, revoked or expired
 * (see closedCardReason), 400 names missing properties.
 */
export async function submitCard(hashId: string, input: SubmitCardInput, options: CallOptions = {}): Promise<unknown> {
  return callOperation(
    'submitCard',
    'PATCH /cards/{hash_id}',
    { params: { hash_id: hashId }, body: writeBody(submitCardInputSchema, input), schema: z.unknown(), token: hashId },
    options,
  );
}
