import type { HttpHandler } from 'msw';
import { submitCardInputSchema } from '@/api/cards';
import { CLOSED_CARD_MESSAGES, MESSAGES } from '@/api/messages';
import { Gone, InvalidInput, NotFound } from '@/service-rules/errors';
import { missingRequired, missingRequiredText, readBodyWithProperties } from '@/service-rules/properties';
import { restartDiscovery } from './discovery';
import { applyProperties } from './properties';
import type { CardRecord, SourceRecord } from './records';
import { dataResponse, messageResponse } from './responses';
import { type MockContext, route } from './route';
import { wireCardForRecipient } from './serialize';

// Flowdeck's card endpoints. The recipient's: the hash in the path is also the bearer key (route.ts
// checks they match), so a recipient needs no API key; a link works once, until revoked or expired.
// The sender's revoke sits here too, beside the rule it changes.

function liveCard(context: MockContext, hashId: string): { card: CardRecord; source: SourceRecord } {
  const card = context.db.card(hashId);
  const source = card ? context.db.source(card.sourceId) : undefined;
  if (!card || !source) throw new NotFound();
  const state = context.db.cardState(card);
  if (state !== 'open') throw new Gone(CLOSED_CARD_MESSAGES[state]);
  return { card, source };
}

export function cardHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'getCardForRecipient', ({ params }) => {
      const { card, source } = liveCard(context, params.hash_id);
      return dataResponse(wireCardForRecipient(db, card, source));
    }),

    route(context, 'submitCard', ({ params, body }) => {
      const { card, source } = liveCard(context, params.hash_id);
      const definitions = db.sourceSpec(source.spec)?.propertyDefinitions ?? [];
      const { properties } = readBodyWithProperties(submitCardInputSchema, definitions, body);
      const next = applyProperties(definitions, source.properties, properties);
      const missing = missingRequired(definitions, next);
      if (missing.length > 0) throw new InvalidInput(missingRequiredText(missing));
      // Checked again after the body was read: of two submissions racing here, only the first counts.
      if (db.cardState(card) !== 'open') throw new Gone(CLOSED_CARD_MESSAGES.submitted);
      card.submittedAt = db.now();
      source.properties = next;
      source.updatedAt = db.now();
      restartDiscovery(db, source);
      return messageResponse(MESSAGES.cardSaved);
    }),

    route(context, 'revokeConfigurationCard', ({ params: { id: sourceId, cardId } }) => {
      const card = db.state.cards.find((candidate) => candidate.id === cardId && candidate.sourceId === sourceId);
      if (!db.source(sourceId) || !card) throw new NotFound();
      // A used link keeps its "submitted" state; revoking twice keeps the first time.
      if (card.submittedAt === undefined) card.revokedAt ??= db.now();
      return dataResponse(true);
    }),
  ];
}
