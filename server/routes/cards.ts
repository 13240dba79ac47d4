import { cardStateAt, submitCardInputSchema } from '@/api/cards';
import { CLOSED_CARD_MESSAGES, MESSAGES } from '@/api/messages';
import { sourceSpec } from '@/catalogue/connector-specs';
import { Gone, InvalidInput, NotFound } from '@/service-rules/errors';
import { missingRequired, missingRequiredText, readBodyWithProperties } from '@/service-rules/properties';
import { checkTargets } from '../connectors/registry';
import type { Handlers } from '../http/operations';
import { applyProperties, revealProperties } from '../properties';
import type { Services } from '../services';
import { type CardRow, findCard, insertCard, listCards, revokeCard, submitCardOnce } from '../store/cards';
import { findSource } from '../store/sources';
import { type CardFields, cardForRecipientOnWire, cardOnWire, listedCardOnWire, sourceSpecFull } from '@/service-rules/wire';
import { requireSource } from './sources';

const stateOf = (card: CardRow) =>
  cardStateAt(
    { expiresAt: card.expires_at.getTime(), submittedAt: card.submitted_at?.getTime() ?? null, revokedAt: card.revoked_at?.getTime() ?? null },
    Date.now(),
  );

const cardFields = (card: CardRow, origin: string): CardFields => ({
  id: card.id,
  hashId: card.hash_id,
  expiresAt: card.expires_at,
  type: card.type,
  sourceName: card.source_name,
  url: `${origin}/cards/${card.hash_id}`,
  imageUrl: card.image_url,
  instruction: card.instruction,
});

const wireListedCard = (card: CardRow, origin: string) =>
  listedCardOnWire(cardFields(card, origin), { state: stateOf(card), submittedAt: card.submitted_at, revokedAt: card.revoked_at });

/** 410 with the reason a card no longer works; a card that still looks open lost to the database's clock. */
function closed(card: CardRow) {
  const state = stateOf(card);
  return new Gone(CLOSED_CARD_MESSAGES[state === 'open' ? 'expired' : state]);
}

/**
 * POST and GET /v2/sources/{id}/configuration_cards; the list and DELETE .../{cardId} (revoke) are
 * Flowdeck's additions.
 */
export function sourceCardHandlers(services: Services) {
  return {
    createConfigurationCard: async ({ params, body: input }) => {
      const source = await requireSource(services, params.id);
      if (Date.parse(input.expiresAt) <= Date.now()) throw new InvalidInput('expiresAt must be in the future.');
      const card = await insertCard(services.db, {
        sourceId: source.id,
        type: input.type ?? 'SOURCE',
        expiresAt: input.expiresAt,
        imageUrl: input.imageUrl ?? null,
        instruction: input.instruction ?? null,
      });
      return { data: cardOnWire(cardFields(card, services.publicOrigin())) };
    },

    listConfigurationCards: async ({ params, query }) => {
      const source = await requireSource(services, params.id);
      const cards = await listCards(services.db, source.id, query);
      const origin = services.publicOrigin();
      return { data: cards.map((card) => wireListedCard(card, origin)) };
    },

    revokeConfigurationCard: async ({ params }) => {
      const source = await requireSource(services, params.id);
      const card = await revokeCard(services.db, source.id, params.cardId);
      if (!card) throw new NotFound();
      return { data: true };
    },
  } satisfies Partial<Handlers>;
}

/**
 * The card recipient's endpoints (Flowdeck's addition): no API key, the card's hash is the bearer
 * and must match the path (the table's `card` access, checked before these run). 404 unknown, 410
 * once used, revoked or expired.
 */
export function recipientCardHandlers(services: Services) {
  const liveCard = async (hashId: string) => {
    const card = await findCard(services.db, hashId);
    if (!card) throw new NotFound();
    if (stateOf(card) !== 'open') throw closed(card);
    const source = await findSource(services.db, card.source_id);
    const spec = source ? sourceSpec(source.spec) : undefined;
    if (!source || !spec) throw new NotFound();
    return { card, source, spec };
  };
  return {
    getCardForRecipient: async ({ params }) => {
      const { card, source, spec } = await liveCard(params.hash_id);
      const fields = { ...cardFields(card, services.publicOrigin()), sourceName: source.display_name };
      return { data: cardForRecipientOnWire(fields, sourceSpecFull(spec)) };
    },

    submitCard: async ({ params, body }) => {
      const { card, source, spec } = await liveCard(params.hash_id);
      const { properties } = readBodyWithProperties(submitCardInputSchema, spec.propertyDefinitions, body);
      const next = applyProperties(spec.propertyDefinitions, source.properties, properties, services.box);
      await checkTargets('source', spec.name, revealProperties(next, services.box));
      const missing = missingRequired(spec.propertyDefinitions, next);
      if (missing.length > 0) throw new InvalidInput(missingRequiredText(missing));
      if (!(await submitCardOnce(services.db, card.id, next))) {
        const latest = await findCard(services.db, card.hash_id);
        throw latest ? closed(latest) : new NotFound();
      }
      await services.runs.requestDiscovery(source.id);
      return { message: MESSAGES.cardSaved };
    },
  } satisfies Partial<Handlers>;
}
