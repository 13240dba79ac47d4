import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cardStateAt, redirectAfterSubmit, submitCardInputSchema } from '@/api/cards';
import type { PropertiesInput } from '@/api/common';
import { CLOSED_CARD_MESSAGES, MESSAGES } from '@/api/messages';
import { type SourceSpecDefinition, sourceSpec } from '@/catalogue/connector-specs';
import {
  CARD_UPLOAD_LIMIT_BYTES,
  CARD_UPLOADS_MAX,
  cardFileReference,
  checkRedirect,
  checkSomethingSent,
  checkVerifyCount,
  forRecipient,
  propertiesSetOf,
  redirectAllowed,
  UNREACHABLE_FOR_RECIPIENT,
  uploadReference,
} from '@/service-rules/card-links';
import { Gone, InvalidInput, NotFound, RefusedTarget } from '@/service-rules/errors';
import { missingRequired, missingRequiredText, readBodyWithProperties } from '@/service-rules/properties';
import { logoPath } from '@/service-rules/settings';
import { type CardFields, cardForRecipientOnWire, cardOnWire, cardWithStateOnWire, recipientSpecFull } from '@/service-rules/wire';
import { recordCardSubmitted } from '../alerts/card-submitted';
import { checkTargets, sourceConnector } from '../connectors/registry';
import { failure } from '../connectors/types';
import type { Handlers } from '../http/operations';
import { RawAnswer } from '../http/operations';
import { applyProperties, revealProperties } from '../properties';
import type { Services } from '../services';
import {
  type CardRow,
  claimCardUpload,
  countCardUploads,
  countCardVerify,
  findCard,
  findCardUpload,
  insertCard,
  listAllCards,
  listCards,
  revokeCard,
  submitCardOnce,
} from '../store/cards';
import { findSource, type SourceRow } from '../store/sources';
import { requireSource } from './sources';
import { receiveUpload } from './uploads';
import { verifyStored } from './verify';

const stateOf = (card: CardRow) =>
  cardStateAt(
    { expiresAt: card.expires_at.getTime(), submittedAt: card.submitted_at?.getTime() ?? null, revokedAt: card.revoked_at?.getTime() ?? null },
    Date.now(),
  );

const cardFields = (card: CardRow, origin: string): CardFields => ({
  id: card.id,
  hashId: card.hash_id,
  sourceId: card.source_id,
  expiresAt: card.expires_at,
  createdAt: card.created_at,
  submittedAt: card.submitted_at,
  revokedAt: card.revoked_at,
  type: card.type,
  sourceName: card.source_name,
  url: `${origin}/cards/${card.hash_id}`,
  imageUrl: card.image_url,
  instruction: card.instruction,
  senderName: card.sender_name,
  redirectUrl: card.redirect_url,
});

/** 410 with the reason a card no longer works; a card that still looks open lost to the database's clock. */
function closed(card: CardRow) {
  const state = stateOf(card);
  return new Gone(CLOSED_CARD_MESSAGES[state === 'open' ? 'expired' : state]);
}

/**
 * POST and GET /v2/sources/{id}/configuration_cards; the list, DELETE .../{cardId} (revoke) and GET /v2/cards
 * are Flowdeck's additions.
 */
export function sourceCardHandlers(services: Services) {
  const wired = (card: CardRow) => cardWithStateOnWire(cardFields(card, services.publicOrigin()), Date.now());
  return {
    createConfigurationCard: async ({ params, body: input }) => {
      const source = await requireSource(services, params.id);
      if (Date.parse(input.expiresAt) <= Date.now()) throw new InvalidInput('expiresAt must be in the future.');
      // Read now, not from the cache: a host just taken off the list must not pass.
      if (input.redirectUrl) checkRedirect(input.redirectUrl, (await services.settings.refresh()).allowed_redirects);
      const card = await insertCard(services.db, {
        sourceId: source.id,
        type: input.type ?? 'SOURCE',
        expiresAt: input.expiresAt,
        imageUrl: input.imageUrl ?? null,
        instruction: input.instruction ?? null,
        senderName: input.senderName ?? null,
        redirectUrl: input.redirectUrl ?? null,
      });
      // The hosted profile answers exactly the documented card.
      return { data: services.profile === 'hosted' ? cardOnWire(cardFields(card, services.publicOrigin())) : wired(card) };
    },

    listConfigurationCards: async ({ params, query }) => {
      const source = await requireSource(services, params.id);
      return { data: (await listCards(services.db, source.id, query)).map(wired) };
    },

    listCards: async ({ query }) => ({ data: (await listAllCards(services.db, query)).map(wired) }),

    revokeConfigurationCard: async ({ params }) => {
      const source = await requireSource(services, params.id);
      const card = await revokeCard(services.db, source.id, params.cardId);
      if (!card) throw new NotFound();
      return { data: true };
    },
  } satisfies Partial<Handlers>;
}

interface LiveCard {
  card: CardRow;
  source: SourceRow;
  spec: SourceSpecDefinition;
}

/**
 * The card recipient's endpoints (Flowdeck's addition): no API key, the card's hash is the bearer and must
 * match the path (the table's `card` access, checked before these run). 404 unknown, 410 once used, revoked or
 * expired. What a recipient reads names nothing of the service: not its folders, not its settings.
 */
export function recipientCardHandlers(services: Services) {
  const { db, box } = services;
  const uploadLimit = () => Math.min(services.uploadLimitBytes, CARD_UPLOAD_LIMIT_BYTES);

  const liveCard = async (hashId: string): Promise<LiveCard> => {
    const card = await findCard(db, hashId);
    if (!card) throw new NotFound();
    if (stateOf(card) !== 'open') throw closed(card);
    const source = await findSource(db, card.source_id);
    const spec = source ? sourceSpec(source.spec) : undefined;
    if (!source || !spec) throw new NotFound();
    return { card, source, spec };
  };

  /** The recipient's values, a card upload's reference replaced by the file's place (only this card's uploads). */
  const withUploadedFile = async ({ card, spec }: LiveCard, properties: PropertiesInput) => {
    const reference = cardFileReference(spec.recipient, properties);
    const property = spec.recipient?.fileProperty;
    if (reference === null || !property) return { properties, upload: null };
    const upload = await findCardUpload(db, card.id, reference);
    if (!upload) throw new InvalidInput(`${property}: that file was not uploaded through this link; upload it again.`);
    return { properties: { ...properties, [property]: upload.location }, upload };
  };

  /** The stored values after the recipient's, checked against where connectors may go, in words for the recipient. */
  const nextValues = async (live: LiveCard, properties: PropertiesInput) => {
    const next = applyProperties(live.spec.propertyDefinitions, live.source.properties, properties, box);
    try {
      await checkTargets('source', live.spec.name, revealProperties(next, box));
      return { next, refused: false };
    } catch (error) {
      if (error instanceof RefusedTarget) return { next, refused: true };
      throw error;
    }
  };

  return {
    getCardForRecipient: async ({ params }) => {
      const { card, source, spec } = await liveCard(params.hash_id);
      const settings = services.settings.current();
      const fields = { ...cardFields(card, services.publicOrigin()), sourceName: source.display_name };
      if (!redirectAllowed(fields.redirectUrl, settings.allowed_redirects)) fields.redirectUrl = null;
      const property = spec.recipient?.fileProperty;
      return {
        data: cardForRecipientOnWire(fields, {
          sourceSpec: recipientSpecFull(spec),
          asker: { organizationName: settings.organization_name, logoUrl: settings.logo_version ? logoPath(settings.logo_version) : null },
          propertiesSet: propertiesSetOf(source.properties),
          upload: property ? { property, limitBytes: uploadLimit() } : null,
        }),
      };
    },

    submitCard: async ({ params, body }) => {
      const live = await liveCard(params.hash_id);
      const { card, source, spec } = live;
      const { properties: typed } = readBodyWithProperties(submitCardInputSchema, spec.propertyDefinitions, body);
      checkSomethingSent(typed);
      const { properties } = await withUploadedFile(live, typed);
      const { next, refused } = await nextValues(live, properties);
      if (refused) throw new InvalidInput(UNREACHABLE_FOR_RECIPIENT);
      const missing = missingRequired(spec.propertyDefinitions, next);
      if (missing.length > 0) throw new InvalidInput(missingRequiredText(missing));
      const deliveries = await submitAndRecord(services, card, source, next);
      if (!deliveries) {
        const latest = await findCard(db, card.hash_id);
        throw latest ? closed(latest) : new NotFound();
      }
      for (const id of deliveries) await services.runs.queueAlert(id);
      await services.runs.requestDiscovery(source.id);
      const redirectUrl = card.redirect_url;
      return redirectAllowed(redirectUrl, services.settings.current().allowed_redirects)
        ? { message: MESSAGES.cardSaved, redirectTo: redirectAfterSubmit(redirectUrl, card.id) }
        : { message: MESSAGES.cardSaved };
    },

    verifyCard: async ({ params, body }) => {
      const live = await liveCard(params.hash_id);
      const { properties: typed } = readBodyWithProperties(submitCardInputSchema, live.spec.propertyDefinitions, body);
      const { count, secondsLeft } = await countCardVerify(db, live.card.id);
      checkVerifyCount(count, secondsLeft);
      const { properties, upload } = await withUploadedFile(live, typed);
      const { next, refused } = await nextValues(live, properties);
      if (refused) return { data: [failure('connection', UNREACHABLE_FOR_RECIPIENT)] };
      const check = sourceConnector(live.spec.name)?.verify;
      const messages = await verifyStored(services, 'source', { spec: live.spec.name, properties: next }, live.spec, check);
      // A file uploaded through the card is named by its name, never by where the service keeps it.
      const named = (text: string) => (upload ? text.split(upload.location).join(upload.name) : text);
      return { data: messages.map((message) => ({ ...message, message: named(forRecipient(message.message)) })) };
    },

    uploadCardFile: async ({ params, query }, c) => {
      const { card, spec } = await liveCard(params.hash_id);
      if (!spec.recipient?.fileProperty) throw new InvalidInput('this link takes no file.');
      if ((await countCardUploads(db, card.id)) >= CARD_UPLOADS_MAX) throw new InvalidInput(MESSAGES.cardUploadsTooMany);
      const stored = await receiveUpload(services, c, query.filename, uploadLimit());
      if (stored instanceof RawAnswer) return stored;
      const id = randomBytes(18).toString('base64url');
      if (!(await claimCardUpload(db, { id, card_id: card.id, location: stored.location, name: stored.name, size: stored.size }, CARD_UPLOADS_MAX))) {
        // Others made it to the limit first: the file goes again.
        await rm(dirname(stored.location), { recursive: true, force: true });
        throw new InvalidInput(MESSAGES.cardUploadsTooMany);
      }
      return { data: { location: uploadReference(id), name: stored.name, size: stored.size } };
    },
  } satisfies Partial<Handlers>;
}

/**
 * Uses the card and records its `card_submitted` alert deliveries in one transaction: a card used is a card
 * told about, even if the service stops right after (pending deliveries are queued again at start). The ids of
 * the deliveries to queue, or null when the card was no longer open.
 */
async function submitAndRecord(services: Services, card: CardRow, source: SourceRow, next: ReturnType<typeof applyProperties>): Promise<number[] | null> {
  const client = await services.db.connect();
  try {
    await client.query('BEGIN');
    if (!(await submitCardOnce(client, card.id, next))) {
      await client.query('ROLLBACK');
      return null;
    }
    const ids = await recordCardSubmitted(client, services.publicOrigin(), {
      id: card.id,
      source: { id: source.id, name: source.display_name },
      senderName: card.sender_name,
    });
    await client.query('COMMIT');
    return ids;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
