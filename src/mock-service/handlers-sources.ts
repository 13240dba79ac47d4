import type { HttpHandler } from 'msw';
import { createConfigurationCardInputSchema } from '@/api/cards';
import { discoveryInProgress } from '@/api/messages';
import { updateResolversInputSchema } from '@/api/resolvers';
import { createSourceInputSchema, updateSourceInputSchema } from '@/api/sources';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { readChoice } from '@/service-rules/resolver-choice';
import { nameOr } from '@/service-rules/names';
import { parseWith } from '@/service-rules/parse';
import { readBodyWithProperties } from '@/service-rules/properties';
import { isDiscovering, restartDiscovery } from './discovery';
import { randomHashId } from './hash-id';
import { applyProperties } from './properties';
import type { SourceRecord } from './records';
import { wireResolverList } from './resolvers';
import { dataResponse } from './responses';
import { idParam, type MockContext, paginate, readJson, route, type RouteInput } from './route';
import { specNamed } from '@/service-rules/specs';
import { sourceSpecSummary } from '@/service-rules/wire';
import { wireCard, wireListedCard, wireSource } from './serialize';

function findSource(context: MockContext, input: RouteInput): SourceRecord {
  const source = context.db.source(idParam(input));
  if (!source) throw new NotFound();
  return source;
}

export function sourceHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listSources', ({ url }) =>
      dataResponse(paginate(db.state.sources, url).map((source) => wireSource(db, source, { properties: 'map', spec: 'summary' }))),
    ),

    route(context, 'createSource', async ({ request }) => {
      const body = await readJson(request);
      const spec = specNamed('source', body, (name) => db.sourceSpec(name));
      const { input, properties } = readBodyWithProperties(createSourceInputSchema, spec.propertyDefinitions, body);
      const now = db.now();
      const source: SourceRecord = {
        id: db.nextId('source'),
        displayName: nameOr(input.displayName, spec.displayName),
        spec: spec.name,
        properties: applyProperties(spec.propertyDefinitions, {}, properties),
        createdAt: now,
        updatedAt: now,
        resources: [],
        // Never discovered: until its first discovery succeeds, the resources it has are not known.
        discovery: { startedAt: now, durationMs: 0, error: 'Not discovered yet.' },
        resolverChoice: {},
      };
      restartDiscovery(db, source);
      db.state.sources.push(source);
      // The create response is the one place `properties` is a list (a documented quirk).
      return dataResponse(wireSource(db, source, { properties: 'list', spec: 'full-upper' }), 201);
    }),

    route(context, 'getSource', (input) => dataResponse(wireSource(db, findSource(context, input)))),

    route(context, 'updateSource', async (input) => {
      const source = findSource(context, input);
      const definitions = db.sourceSpec(source.spec)?.propertyDefinitions ?? [];
      const { input: patch, properties } = readBodyWithProperties(updateSourceInputSchema, definitions, await readJson(input.request));
      source.displayName = nameOr(patch.displayName, source.displayName);
      if (Object.keys(properties).length > 0) {
        source.properties = applyProperties(definitions, source.properties, properties);
        restartDiscovery(db, source);
      }
      source.updatedAt = db.now();
      return dataResponse(wireSource(db, source));
    }),

    // Refused while flows use it, as the service does; its card links go with it and answer 404.
    route(context, 'deleteSource', (input) => {
      const source = findSource(context, input);
      db.refuseWhileUsed('source', source.id);
      db.state.sources = db.state.sources.filter((candidate) => candidate.id !== source.id);
      db.state.cards = db.state.cards.filter((card) => card.sourceId !== source.id);
      for (const trigger of db.state.triggers) if (trigger.credentialSourceId === source.id) trigger.credentialSourceId = null;
      return dataResponse(true);
    }),

    route(context, 'createConfigurationCard', async (input) => {
      const source = findSource(context, input);
      const body = parseWith(createConfigurationCardInputSchema, await readJson(input.request));
      const expiresAt = Date.parse(body.expiresAt);
      if (expiresAt <= db.now()) throw new InvalidInput('expiresAt must be in the future.');
      const hashId = randomHashId();
      const card = {
        id: db.nextId('card'),
        hashId,
        sourceId: source.id,
        type: body.type ?? 'SOURCE',
        expiresAt,
        url: `/cards/${hashId}`,
        imageUrl: body.imageUrl ?? null,
        instruction: body.instruction ?? null,
      };
      db.state.cards.push(card);
      return dataResponse(wireCard(db, card, input.url.origin), 201);
    }),

    route(context, 'listConfigurationCards', (input) => {
      const source = findSource(context, input);
      const cards = db.state.cards.filter((card) => card.sourceId === source.id).sort((a, b) => b.id - a.id);
      return dataResponse(paginate(cards, input.url).map((card) => wireListedCard(db, card, input.url.origin)));
    }),

    route(context, 'getResolvers', (input) => {
      const source = findSource(context, input);
      return dataResponse(wireResolverList(source, db.sourceSpec(source.spec), db.now()));
    }),

    route(context, 'updateResolvers', async (input) => {
      const source = findSource(context, input);
      const spec = db.sourceSpec(source.spec);
      const { resolvers } = parseWith(updateResolversInputSchema, await readJson(input.request));
      const choice = readChoice(resolvers, wireResolverList(source, spec, db.now()).resolvers);
      source.resolverChoice = { ...source.resolverChoice, ...choice };
      source.updatedAt = db.now();
      return dataResponse(wireResolverList(source, spec, db.now()));
    }),

    route(context, 'discoverResolvers', (input) => {
      const source = findSource(context, input);
      if (isDiscovering(db, source)) throw new Conflict(discoveryInProgress(source.id));
      restartDiscovery(db, source);
      return dataResponse(wireResolverList(source, db.sourceSpec(source.spec), db.now()), 202);
    }),

    route(context, 'listSourceSpecs', ({ url }) => dataResponse(paginate(db.state.sourceSpecs, url).map(sourceSpecSummary))),

    route(context, 'getSourceSpec', ({ params }) => {
      const spec = db.sourceSpec(params.name ?? '');
      if (!spec) throw new NotFound();
      return dataResponse(sourceSpecSummary(spec));
    }),
  ];
}
