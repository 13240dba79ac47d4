import type { HttpHandler } from 'msw';
import { CLOSED_CARD_MESSAGES, submitCardInputSchema } from '@/api/cards';
import { restartDiscovery } from './discovery';
import { applyProperties, missingRequired, propertyProblem, withoutEchoedMasks } from './properties';
import type { CardRecord, SourceRecord } from './records';
import { badRequest, dataResponse, messageResponse, MockHttpError, notFound } from './responses';
import { idParam, type MockContext, parseBody, readJson, route, type RouteInput } from './route';
import { wireCardForRecipient } from './serialize';

// Flowdeck's card endpoints. The recipient's: the hash in the path is also the bearer key (route.ts
// checks they match), so a recipient needs no API key; a link works once, until revoked or expired.
// The sender's revoke sits here too, beside the rule it changes.

function liveCard(context: MockContext, input: RouteInput): { card: CardRecord; source: SourceRecord } {
  const card = context.db.card(input.params.hashId ?? '');
  const source = card ? context.db.source(card.sourceId) : undefined;
  if (!card || !source) throw notFound();
  const state = context.db.cardState(card);
  if (state !== 'open') throw new MockHttpError(410, CLOSED_CARD_MESSAGES[state]);
  return { card, source };
}

export function cardHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'getCardForRecipient', 'get', '/v2/cards/:hashId', 'card', (input) => {
      const { card, source } = liveCard(context, input);
      return dataResponse(wireCardForRecipient(db, card, source));
    }),

    route(context, 'submitCard', 'patch', '/v2/cards/:hashId', 'card', async (input) => {
      const { card, source } = liveCard(context, input);
      const definitions = db.sourceSpec(source.spec)?.propertyDefinitions ?? [];
      const body = parseBody(submitCardInputSchema, withoutEchoedMasks(definitions, await readJson(input.request)));
      const problem = propertyProblem(definitions, body.properties);
      if (problem) throw badRequest(`Bad Request: ${problem}`);
      const next = applyProperties(definitions, source.properties, body.properties);
      const missing = missingRequired(definitions, next);
      if (missing.length > 0) throw badRequest(`Missing required properties: ${missing.map((definition) => definition.name).join(', ')}`);
      // Checked again after the body was read: of two submissions racing here, only the first counts.
      if (db.cardState(card) !== 'open') throw new MockHttpError(410, CLOSED_CARD_MESSAGES.submitted);
      card.submittedAt = db.now();
      source.properties = next;
      source.updatedAt = db.now();
      restartDiscovery(db, source);
      return messageResponse('Thank you: the configuration was saved.');
    }),

    route(context, 'revokeConfigurationCard', 'delete', '/v2/sources/:id/configuration_cards/:cardId', 'key', (input) => {
      const sourceId = idParam(input);
      const card = db.state.cards.find((candidate) => candidate.id === idParam(input, 'cardId') && candidate.sourceId === sourceId);
      if (!db.source(sourceId) || !card) throw notFound();
      // A used link keeps its "submitted" state; revoking twice keeps the first time.
      if (card.submittedAt === undefined) card.revokedAt ??= db.now();
      return dataResponse(true);
    }),
  ];
}
