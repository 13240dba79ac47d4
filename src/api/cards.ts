import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, dateTimeSchema, idSchema, listOf, nullableDateTimeSchema, nullableText, openEnum, propertiesInputSchema } from './common';
import { VERIFY_CLIENT_TIMEOUT_MS, type VerificationMessage, verificationMessageSchema } from './destinations';
import { isApiError } from './errors';
import { CLOSED_CARD_MESSAGES } from './messages';
import { type PageParams, pageParamsSchema } from './page-params';
import { sourceSpecFullSchema } from './specs';
import { sendFile, type Upload, type UploadOptions } from './uploads';

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

/** When the card entered its state: submitted, revoked, expired (its expiry), or open (its creation). */
export function cardStateChangedAt(card: CardTimes & { createdAt: number }, now: number): number {
  const state = cardStateAt(card, now);
  if (state === 'submitted') return card.submittedAt ?? card.createdAt;
  if (state === 'revoked') return card.revokedAt ?? card.createdAt;
  return state === 'expired' ? card.expiresAt : card.createdAt;
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
    // Flowdeck's additions; a service without them still reads (state undefined: only the expiry is known).
    state: openEnum(CARD_STATES, 'lower').optional(),
    submitted_at: nullableDateTimeSchema,
    revoked_at: nullableDateTimeSchema,
    stateChangedAt: nullableDateTimeSchema.meta({ description: 'When the card entered its state (for open: when it was made).' }),
    senderName: nullableText,
    redirectUrl: nullableText,
    sourceId: idSchema.nullish().transform((value) => value ?? null),
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
    stateChangedAt: card.stateChangedAt,
    senderName: card.senderName,
    redirectUrl: card.redirectUrl,
    sourceId: card.sourceId,
  }));
export type ConfigurationCard = z.infer<typeof configurationCardSchema>;

const httpUrl = z.url({ protocol: /^https?$/, message: 'Use an http or https address' });

/** The public interface documents expiresAt as needed; image and instruction are optional. */
/** What a card configures; the hosted service documents these three. The service stores and returns it (SOURCE when left out). */
export const CARD_TYPES = ['SOURCE', 'AGENT', 'DESTINATION'] as const;

/** The hosted service's body: the interface's fields and the type. */
export const hostedCreateConfigurationCardInputSchema = z.strictObject({
  type: z.enum(CARD_TYPES).optional(),
  expiresAt: z.iso.datetime({ offset: true }),
  imageUrl: httpUrl.optional(),
  instruction: z.string().optional(),
});

export const SENDER_NAME_MAX = 100;

/**
 * Flowdeck's additions: who asks (the recipient page names them) and where the recipient goes once they have
 * sent (https only, and only to a host an admin allowed in Settings: the service checks the host).
 */
export const createConfigurationCardInputSchema = hostedCreateConfigurationCardInputSchema.extend({
  senderName: z.string().trim().min(1, 'Name who asks').max(SENDER_NAME_MAX).optional(),
  redirectUrl: z
    .url({ protocol: /^https$/, message: 'Use an https:// address' })
    .max(2048)
    .optional(),
});
export type CreateConfigurationCardInput = z.input<typeof createConfigurationCardInputSchema>;

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

/** A card's own upload, where its spec reads a file: the property it fills and the largest file taken. */
const cardUploadOfferSchema = z.object({ property: z.string(), limitBytes: z.number().int().positive() });

/**
 * What the recipient of a card link sees: who asks (the sender's name, the team's name and logo), the spec's
 * full form in words for someone outside (no server paths or settings), which properties already have a value
 * (never the values), and where they go once they have sent.
 */
export const cardForRecipientSchema = z
  .object({
    hash_id: z.string().min(1),
    source_name: nullableText,
    instruction: nullableText,
    image_url: nullableText,
    expires_at: dateTimeSchema,
    sourceSpec: sourceSpecFullSchema,
    senderName: nullableText,
    organizationName: nullableText,
    logoUrl: nullableText,
    redirectUrl: nullableText,
    propertiesSet: z
      .array(z.string())
      .nullish()
      .transform((value) => value ?? []),
    upload: cardUploadOfferSchema.nullish().transform((value) => value ?? null),
  })
  .transform((card) => ({
    hashId: card.hash_id,
    sourceName: card.source_name,
    instruction: card.instruction,
    imageUrl: card.image_url,
    expiresAt: card.expires_at,
    sourceSpec: card.sourceSpec,
    senderName: card.senderName,
    organizationName: card.organizationName,
    logoUrl: card.logoUrl,
    redirectUrl: card.redirectUrl,
    propertiesSet: card.propertiesSet,
    upload: card.upload,
  }));
export type CardForRecipient = z.infer<typeof cardForRecipientSchema>;

export const submitCardInputSchema = z.strictObject({ properties: propertiesInputSchema });
export type SubmitCardInput = z.infer<typeof submitCardInputSchema>;

/** The submission's answer: where the recipient goes next, when the card names an allowed address. */
export const cardSubmittedSchema = z.object({ message: z.string(), redirectTo: z.string().optional() });
export type CardSubmitted = z.infer<typeof cardSubmittedSchema>;

/** Where a recipient is sent after a successful submission: the card's address with its id and the outcome. */
export function redirectAfterSubmit(redirectUrl: string, cardId: number): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('card', String(cardId));
  url.searchParams.set('outcome', 'submitted');
  return url.href;
}

/** The states GET /v2/cards filters by. */
export const cardListParamsSchema = pageParamsSchema.extend({ state: z.enum(CARD_STATES).optional() });
export type CardListParams = z.input<typeof cardListParamsSchema>;

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
export async function submitCard(hashId: string, input: SubmitCardInput, options: CallOptions = {}): Promise<CardSubmitted> {
  return callOperation(
    'submitCard',
    'PATCH /cards/{hash_id}',
    { params: { hash_id: hashId }, body: writeBody(submitCardInputSchema, input), schema: cardSubmittedSchema, token: hashId },
    options,
  );
}

/**
 * POST /v2/cards/{hash_id}/verify (Flowdeck's addition): the source's verify on what the recipient typed over
 * what is on file, under the card's authority only; the same checklist as Test connection (10 s bound).
 */
export function verifyCard(hashId: string, input: SubmitCardInput, options: CallOptions = {}): Promise<VerificationMessage[]> {
  return callOperation(
    'verifyCard',
    'POST /cards/{hash_id}/verify',
    {
      params: { hash_id: hashId },
      body: writeBody(submitCardInputSchema, input),
      schema: dataOf(listOf(verificationMessageSchema)),
      token: hashId,
      timeoutMs: VERIFY_CLIENT_TIMEOUT_MS,
    },
    options,
  );
}

/**
 * POST /v2/cards/{hash_id}/uploads?filename=… (Flowdeck's addition): the recipient's file, into the service's
 * allowed folder; `location` is a reference (`upload:…`) only this card's submission understands, never a path.
 */
export function uploadCardFile(hashId: string, file: File, options: UploadOptions = {}): Promise<Upload> {
  return sendFile('POST /cards/{hash_id}/uploads', { hash_id: hashId }, hashId, file, options);
}

/** GET /v2/cards (Flowdeck's addition): every card of every source, newest first, optionally of one state. */
export async function listCards(params: CardListParams = {}, options: CallOptions = {}): Promise<ConfigurationCard[]> {
  return callOperation('listCards', 'GET /cards', { query: writeBody(cardListParamsSchema, params), schema: dataOf(listOf(configurationCardSchema)) }, options);
}
