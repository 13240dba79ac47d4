import type { HttpHandler } from 'msw';
import { submitCardInputSchema } from '@/api/cards';
import { restartDiscovery } from './discovery';
import { applyProperties, missingRequired, propertyProblem, withoutEchoedMasks } from './properties';
import type { CardRecord, SourceRecord } from './records';
import { badRequest, dataResponse, MockHttpError, notFound } from './responses';
import { type MockContext, parseBody, readJson, route, type RouteInput } from './route';
import { wireCardForRecipient } from './serialize';

// Flowdeck's card recipient endpoints: the hash in the path is also the bearer key (route.ts
// checks they match), so a recipient needs no API key.

function liveCard(context: MockContext, input: RouteInput): { card: CardRecord; source: SourceRecord } {
  const card = context.db.card(input.params.hashId ?? '');
  const source = card ? context.db.source(card.sourceId) : undefined;
  if (!card || !source) throw notFound();
  if (card.expiresAt <= context.db.now()) throw new MockHttpError(410, 'This configuration link has expired.');
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
      const next = applyProperties(source.properties, body.properties);
      const missing = missingRequired(definitions, next);
      if (missing.length > 0) throw badRequest(`Missing required properties: ${missing.map((definition) => definition.name).join(', ')}`);
      source.properties = next;
      source.updatedAt = db.now();
      restartDiscovery(db, source);
      return dataResponse({ hash_id: card.hashId, source_name: source.displayName, submitted_at: new Date(db.now()).toISOString() });
    }),
  ];
}
