import type { HttpHandler } from 'msw';
import { discoveryInProgress } from '@/api/messages';
import { createSourceInputSchema, updateSourceInputSchema } from '@/api/sources';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { readChoice } from '@/service-rules/resolver-choice';
import { nameOr } from '@/service-rules/names';
import { readBodyWithProperties } from '@/service-rules/properties';
import { isDiscovering, restartDiscovery } from './discovery';
import { randomHashId } from './hash-id';
import { applyProperties } from './properties';
import type { SourceRecord } from './records';
import { wireResolverList } from './resolvers';
import { dataResponse } from './responses';
import { type MockContext, paginate, route } from './route';
import { specNamed } from '@/service-rules/specs';
import { sourceSpecSummary } from '@/service-rules/wire';
import { wireCard, wireListedCard, wireSource } from './serialize';

function findSource(context: MockContext, id: number): SourceRecord {
  const source = context.db.source(id);
  if (!source) throw new NotFound();
  return source;
}

export function sourceHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listSources', ({ query }) =>
      dataResponse(paginate(db.state.sources, query).map((source) => wireSource(db, source, { properties: 'map', spec: 'summary' }))),
    ),

    route(context, 'createSource', ({ body }) => {
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
        discovery: { startedAt: now, durationMs: 0, error: null },
        resolverChoice: {},
      };
      restartDiscovery(db, source);
      db.state.sources.push(source);
      // The create response is the one place `properties` is a list (a documented quirk).
      return dataResponse(wireSource(db, source, { properties: 'list', spec: 'full-upper' }), 201);
    }),

    route(context, 'getSource', ({ params }) => dataResponse(wireSource(db, findSource(context, params.id)))),

    route(context, 'updateSource', ({ params, body }) => {
      const source = findSource(context, params.id);
      const definitions = db.sourceSpec(source.spec)?.propertyDefinitions ?? [];
      const { input: patch, properties } = readBodyWithProperties(updateSourceInputSchema, definitions, body);
      source.displayName = nameOr(patch.displayName, source.displayName);
      if (Object.keys(properties).length > 0) {
        source.properties = applyProperties(definitions, source.properties, properties);
        restartDiscovery(db, source);
      }
      source.updatedAt = db.now();
      return dataResponse(wireSource(db, source));
    }),

    // Refused while flows use it, as the service does; its card links go with it and answer 404.
    route(context, 'deleteSource', ({ params }) => {
      const source = findSource(context, params.id);
      db.refuseWhileUsed('source', source.id);
      db.state.sources = db.state.sources.filter((candidate) => candidate.id !== source.id);
      db.state.cards = db.state.cards.filter((card) => card.sourceId !== source.id);
      for (const trigger of db.state.triggers) if (trigger.credentialSourceId === source.id) trigger.credentialSourceId = null;
      return dataResponse(true);
    }),

    route(context, 'createConfigurationCard', ({ params, body, url }) => {
      const source = findSource(context, params.id);
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
      return dataResponse(wireCard(db, card, url.origin), 201);
    }),

    route(context, 'listConfigurationCards', ({ params, query, url }) => {
      const source = findSource(context, params.id);
      const cards = db.state.cards.filter((card) => card.sourceId === source.id).sort((a, b) => b.id - a.id);
      return dataResponse(paginate(cards, query).map((card) => wireListedCard(db, card, url.origin)));
    }),

    route(context, 'getResolvers', ({ params }) => {
      const source = findSource(context, params.id);
      return dataResponse(wireResolverList(source, db.sourceSpec(source.spec), db.now()));
    }),

    route(context, 'updateResolvers', ({ params, body }) => {
      const source = findSource(context, params.id);
      const spec = db.sourceSpec(source.spec);
      const choice = readChoice(body.resolvers, wireResolverList(source, spec, db.now()).resolvers);
      source.resolverChoice = { ...source.resolverChoice, ...choice };
      source.updatedAt = db.now();
      return dataResponse(wireResolverList(source, spec, db.now()));
    }),

    route(context, 'discoverResolvers', ({ params }) => {
      const source = findSource(context, params.id);
      if (isDiscovering(db, source)) throw new Conflict(discoveryInProgress(source.id));
      restartDiscovery(db, source);
      return dataResponse(wireResolverList(source, db.sourceSpec(source.spec), db.now()), 202);
    }),

    route(context, 'listSourceSpecs', ({ query }) => dataResponse(paginate(db.state.sourceSpecs, query).map(sourceSpecSummary))),

    route(context, 'getSourceSpec', ({ params }) => {
      const spec = db.sourceSpec(params.name);
      if (!spec) throw new NotFound();
      return dataResponse(sourceSpecSummary(spec));
    }),
  ];
}
