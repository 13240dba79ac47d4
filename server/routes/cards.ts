import { Hono } from 'hono';
import { z } from 'zod';
import { createConfigurationCardInputSchema } from '@/api/cards';
import { sourceSpec } from '../connectors/specs';
import type { AuthVariables } from '../http/auth';
import { bearerToken } from '../http/auth';
import { badRequest, gone, notFound, unauthorized } from '../http/errors';
import { idParam, pageParams, parseWith, readJson } from '../http/validate';
import { checkTargets } from '../connectors/registry';
import { applyProperties, missingRequired, readPropertiesInput, revealProperties } from '../properties';
import type { Services } from '../services';
import { type CardRow, findCard, insertCard, listCards, markCardSubmitted } from '../store/cards';
import { findSource, updateSourceRow } from '../store/sources';
import { iso, sourceSpecFull, type WireConfigurationCard } from '../wire';
import { requireSource } from './sources';

function wireCard(card: CardRow, origin: string): WireConfigurationCard {
  return {
    id: card.id,
    hash_id: card.hash_id,
    expires_at: iso(card.expires_at),
    type: 'SOURCE',
    source_name: card.source_name,
    url: `${origin}/cards/${card.hash_id}`,
    image_url: card.image_url,
    instruction: card.instruction,
  };
}

/** POST and GET /v2/sources/{id}/configuration_cards (the list is Flowdeck's addition). */
export function sourceCardRoutes(services: Services) {
  return new Hono<{ Variables: AuthVariables }>()
    .post('/:id/configuration_cards', async (c) => {
      const source = await requireSource(services, idParam(c));
      const input = parseWith(createConfigurationCardInputSchema, await readJson(c));
      if (Date.parse(input.expiresAt) <= Date.now()) throw badRequest('expiresAt must be in the future.');
      const card = await insertCard(services.db, {
        sourceId: source.id,
        expiresAt: input.expiresAt,
        imageUrl: input.imageUrl ?? null,
        instruction: input.instruction ?? null,
      });
      return c.json({ data: wireCard(card, services.publicOrigin()) }, 201);
    })
    .get('/:id/configuration_cards', async (c) => {
      const source = await requireSource(services, idParam(c));
      const cards = await listCards(services.db, source.id, pageParams(c));
      const origin = services.publicOrigin();
      return c.json({ data: cards.map((card) => wireCard(card, origin)) });
    });
}

/**
 * The card recipient's endpoints (Flowdeck's addition): no API key, the card's hash is the bearer
 * and must match the path. 404 unknown, 410 expired.
 */
export function recipientCardRoutes(services: Services) {
  const liveCard = async (hashId: string, authorization: string | undefined) => {
    if (bearerToken(authorization) !== hashId) throw unauthorized();
    const card = await findCard(services.db, hashId);
    if (!card) throw notFound();
    if (card.expires_at.getTime() <= Date.now()) throw gone('This configuration link has expired.');
    const source = await findSource(services.db, card.source_id);
    const spec = source ? sourceSpec(source.spec) : undefined;
    if (!source || !spec) throw notFound();
    return { card, source, spec };
  };
  return new Hono()
    .get('/:hashId', async (c) => {
      const { card, source, spec } = await liveCard(c.req.param('hashId'), c.req.header('authorization'));
      return c.json({
        data: {
          hash_id: card.hash_id,
          source_name: source.display_name,
          instruction: card.instruction,
          image_url: card.image_url,
          expires_at: iso(card.expires_at),
          sourceSpec: sourceSpecFull(spec),
        },
      });
    })
    .patch('/:hashId', async (c) => {
      const { card, source, spec } = await liveCard(c.req.param('hashId'), c.req.header('authorization'));
      const body = parseWith(z.strictObject({ properties: z.record(z.string(), z.unknown()) }), await readJson(c));
      const properties = readPropertiesInput(spec.propertyDefinitions, body.properties);
      const next = applyProperties(spec.propertyDefinitions, source.properties, properties, services.box);
      await checkTargets('source', spec.name, revealProperties(next, services.box));
      const missing = missingRequired(spec.propertyDefinitions, next);
      if (missing.length > 0) throw badRequest(`Missing required properties: ${missing.map((definition) => definition.name).join(', ')}`);
      await updateSourceRow(services.db, source.id, { displayName: source.display_name, properties: next });
      await markCardSubmitted(services.db, card.id);
      await services.runs.requestDiscovery(source.id);
      return c.json({ message: 'Thank you: the configuration was saved.' });
    });
}
