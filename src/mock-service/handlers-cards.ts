import { HttpResponse, type HttpHandler } from 'msw';
import { redirectAfterSubmit, submitCardInputSchema } from '@/api/cards';
import type { PropertiesInput } from '@/api/common';
import { CLOSED_CARD_MESSAGES, MESSAGES } from '@/api/messages';
import { CARD_UPLOADS_MAX, cardFileReference, checkSomethingSent, checkVerifyCount, redirectAllowed, uploadReference } from '@/service-rules/card-links';
import { Gone, InvalidInput, NotFound } from '@/service-rules/errors';
import { missingRequired, missingRequiredText, readBodyWithProperties } from '@/service-rules/properties';
import { restartDiscovery } from './discovery';
import { countBytes, MOCK_CARD_UPLOAD_LIMIT_BYTES, randomFolder } from './handlers-uploads';
import { applyProperties } from './properties';
import type { CardRecord, SourceRecord } from './records';
import { dataResponse } from './responses';
import { type MockContext, paginate, route } from './route';
import { wireCard, wireCardForRecipient } from './serialize';
import { sourceVerificationMessages } from './verify';

// Flowdeck's card endpoints. The recipient's: the hash in the path is also the bearer key (route.ts
// checks they match), so a recipient needs no API key; a link works once, until revoked or expired.
// The sender's revoke and list of every card sit here too, beside the rules they change.

/** Deliveries settle (pretend to be sent) after this long, as Send test's do. */
const SETTLE_MS = 800;
const MINUTE_MS = 60_000;

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
  const specOf = (source: SourceRecord) => db.sourceSpec(source.spec);

  /** The recipient's values over what is on file, a card upload's reference read as the file (only this card's). */
  const nextValues = (card: CardRecord, source: SourceRecord, typed: PropertiesInput) => {
    const spec = specOf(source);
    const reference = cardFileReference(spec?.recipient, typed);
    const property = spec?.recipient?.fileProperty;
    const upload = reference === null ? undefined : card.uploads?.[reference];
    if (reference !== null && !upload) throw new InvalidInput(`${property ?? 'file'}: that file was not uploaded through this link; upload it again.`);
    const properties = upload && property ? { ...typed, [property]: `/home/you/.flowdeck/files/uploads/${reference}/${upload.name}` } : typed;
    return applyProperties(spec?.propertyDefinitions ?? [], source.properties, properties);
  };

  /** `card_submitted` to every channel with the rule, whatever its flows. */
  const recordSubmitted = () => {
    for (const channel of db.state.alertChannels.filter((candidate) => candidate.events.includes('card_submitted'))) {
      const now = db.now();
      db.state.alertDeliveries.push({
        id: db.nextId('alertDelivery'),
        channelId: channel.id,
        event: 'card_submitted',
        flowId: null,
        createdAt: now,
        settlesAt: now + SETTLE_MS,
      });
    }
  };

  return [
    route(context, 'getCardForRecipient', ({ params }) => {
      const { card, source } = liveCard(context, params.hash_id);
      return dataResponse(wireCardForRecipient(db, card, source));
    }),

    route(context, 'submitCard', ({ params, body }) => {
      const { card, source } = liveCard(context, params.hash_id);
      const definitions = specOf(source)?.propertyDefinitions ?? [];
      const { properties } = readBodyWithProperties(submitCardInputSchema, definitions, body);
      checkSomethingSent(properties);
      const next = nextValues(card, source, properties);
      const missing = missingRequired(definitions, next);
      if (missing.length > 0) throw new InvalidInput(missingRequiredText(missing));
      // Checked again after the body was read: of two submissions racing here, only the first counts.
      if (db.cardState(card) !== 'open') throw new Gone(CLOSED_CARD_MESSAGES.submitted);
      card.submittedAt = db.now();
      source.properties = next;
      source.updatedAt = db.now();
      restartDiscovery(db, source);
      recordSubmitted();
      const redirect = redirectAllowed(card.redirectUrl, db.state.settings.allowedRedirects)
        ? { redirectTo: redirectAfterSubmit(card.redirectUrl, card.id) }
        : {};
      return HttpResponse.json({ message: MESSAGES.cardSaved, ...redirect });
    }),

    route(context, 'verifyCard', ({ params, body }) => {
      const { card, source } = liveCard(context, params.hash_id);
      const spec = specOf(source);
      const { properties } = readBodyWithProperties(submitCardInputSchema, spec?.propertyDefinitions ?? [], body);
      const now = db.now();
      const inWindow = card.verifyWindowStart !== undefined && card.verifyWindowStart > now - MINUTE_MS;
      card.verifyCount = inWindow ? (card.verifyCount ?? 0) + 1 : 1;
      card.verifyWindowStart = inWindow ? card.verifyWindowStart : now;
      checkVerifyCount(card.verifyCount, Math.max(1, Math.ceil(((card.verifyWindowStart ?? now) + MINUTE_MS - now) / 1000)));
      return dataResponse(sourceVerificationMessages({ ...source, properties: nextValues(card, source, properties) }, spec));
    }),

    route(context, 'uploadCardFile', async ({ params, query, request }) => {
      const { card, source } = liveCard(context, params.hash_id);
      if (!specOf(source)?.recipient?.fileProperty) throw new InvalidInput('this link takes no file.');
      if (Object.keys(card.uploads ?? {}).length >= CARD_UPLOADS_MAX) throw new InvalidInput(MESSAGES.cardUploadsTooMany);
      const size = await countBytes(request.body, MOCK_CARD_UPLOAD_LIMIT_BYTES);
      if (size === 'too large') return HttpResponse.json({ message: MESSAGES.payloadTooLarge, limitBytes: MOCK_CARD_UPLOAD_LIMIT_BYTES }, { status: 413 });
      if (size === 0) throw new InvalidInput('the file is empty.');
      const id = randomFolder();
      card.uploads = { ...card.uploads, [id]: { name: query.filename, size } };
      return dataResponse({ location: uploadReference(id), name: query.filename, size }, 201);
    }),

    route(context, 'listCards', ({ query, url }) => {
      const newestFirst = db.state.cards.filter((card) => query.state === null || db.cardState(card) === query.state).sort((a, b) => b.id - a.id);
      return dataResponse(paginate(newestFirst, query).map((card) => wireCard(db, card, url.origin)));
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
