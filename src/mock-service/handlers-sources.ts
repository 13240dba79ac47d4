import type { HttpHandler } from 'msw';
import { createConfigurationCardInputSchema } from '@/api/cards';
import { createSourceInputSchema, updateSourceInputSchema } from '@/api/sources';
import { restartDiscovery } from './discovery';
import { randomHashId } from './hash-id';
import { applyProperties, propertyProblem, withoutEchoedMasks } from './properties';
import type { SourceRecord } from './records';
import { wireResolverList } from './resolvers';
import { badRequest, dataResponse, notFound } from './responses';
import { idParam, type MockContext, paginate, parseBody, readJson, route, type RouteInput } from './route';
import { sourceSpecSummary, wireCard, wireListedCard, wireSource } from './serialize';

function findSource(context: MockContext, input: RouteInput): SourceRecord {
  const source = context.db.source(idParam(input));
  if (!source) throw notFound();
  return source;
}

export function sourceHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listSources', 'get', '/v2/sources', 'key', ({ url }) =>
      dataResponse(paginate(db.state.sources, url).map((source) => wireSource(db, source, { properties: 'map', spec: 'summary' }))),
    ),

    route(context, 'createSource', 'post', '/v2/sources', 'key', async ({ request }) => {
      const raw = await readJson(request);
      const specName = typeof raw === 'object' && raw !== null && 'sourceSpec' in raw ? raw.sourceSpec : undefined;
      const spec = typeof specName === 'string' ? db.sourceSpec(specName) : undefined;
      const input = parseBody(createSourceInputSchema, withoutEchoedMasks(spec?.propertyDefinitions ?? [], raw));
      if (!spec) throw badRequest(`Bad Request: unknown source spec "${input.sourceSpec}".`);
      const problem = propertyProblem(spec.propertyDefinitions, input.properties ?? {});
      if (problem) throw badRequest(`Bad Request: ${problem}`);
      const now = db.now();
      const source: SourceRecord = {
        id: db.nextId('source'),
        displayName: input.displayName ?? spec.displayName,
        spec: spec.name,
        properties: applyProperties(spec.propertyDefinitions, {}, input.properties ?? {}),
        createdAt: now,
        updatedAt: now,
        resources: [],
        discovery: { startedAt: now, durationMs: 0, error: null },
      };
      restartDiscovery(db, source);
      db.state.sources.push(source);
      // The create response is the one place `properties` is a list (a documented quirk).
      return dataResponse(wireSource(db, source, { properties: 'list', spec: 'full-upper' }), 201);
    }),

    route(context, 'getSource', 'get', '/v2/sources/:id', 'key', (input) => dataResponse(wireSource(db, findSource(context, input)))),

    route(context, 'updateSource', 'patch', '/v2/sources/:id', 'key', async (input) => {
      const source = findSource(context, input);
      const definitions = db.sourceSpec(source.spec)?.propertyDefinitions ?? [];
      const patch = parseBody(updateSourceInputSchema, withoutEchoedMasks(definitions, await readJson(input.request)));
      const problem = propertyProblem(definitions, patch.properties ?? {});
      if (problem) throw badRequest(`Bad Request: ${problem}`);
      if (patch.displayName !== undefined) source.displayName = patch.displayName;
      if (patch.properties && Object.keys(patch.properties).length > 0) {
        source.properties = applyProperties(definitions, source.properties, patch.properties);
        restartDiscovery(db, source);
      }
      source.updatedAt = db.now();
      return dataResponse(wireSource(db, source));
    }),

    route(context, 'createConfigurationCard', 'post', '/v2/sources/:id/configuration_cards', 'key', async (input) => {
      const source = findSource(context, input);
      const body = parseBody(createConfigurationCardInputSchema, await readJson(input.request));
      const expiresAt = Date.parse(body.expiresAt);
      if (expiresAt <= db.now()) throw badRequest('Bad Request: expiresAt must be in the future.');
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

    route(context, 'listConfigurationCards', 'get', '/v2/sources/:id/configuration_cards', 'key', (input) => {
      const source = findSource(context, input);
      const cards = db.state.cards.filter((card) => card.sourceId === source.id).sort((a, b) => b.id - a.id);
      return dataResponse(paginate(cards, input.url).map((card) => wireListedCard(db, card, input.url.origin)));
    }),

    route(context, 'getResolvers', 'get', '/v2/sources/:id/resolvers', 'key', (input) => {
      const source = findSource(context, input);
      return dataResponse(wireResolverList(source, db.sourceSpec(source.spec), db.now()));
    }),

    route(context, 'listSourceSpecs', 'get', '/v2/sourcespecs', 'key', ({ url }) => dataResponse(paginate(db.state.sourceSpecs, url).map(sourceSpecSummary))),

    route(context, 'getSourceSpec', 'get', '/v2/sourcespecs/:name', 'key', ({ params }) => {
      const spec = db.sourceSpec(params.name ?? '');
      if (!spec) throw notFound();
      return dataResponse(sourceSpecSummary(spec));
    }),
  ];
}
