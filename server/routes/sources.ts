import { Hono } from 'hono';
import { z } from 'zod';
import { createSourceInputSchema, updateSourceInputSchema } from '@/api/sources';
import { type SourceSpecDefinition, sourceSpec } from '@/catalogue/connector-specs';
import type { AuthVariables } from '../http/auth';
import { badRequest, notFound } from '../http/errors';
import { idParam, pageParams, parseWith, readJson } from '../http/validate';
import { checkTargets, sourceConnector } from '../connectors/registry';
import { applyProperties, publicProperties, readPropertiesInput, revealProperties } from '../properties';
import type { Services } from '../services';
import { nameOr } from './names';
import { findSource, insertSource, listSources, type SourceRow, updateSourceRow } from '../store/sources';
import { iso, sourceSpecFull, sourceSpecSummary, type WireSource } from '../wire';
import { wireResolverList } from './resolvers-wire';
import { verifyStored } from './verify';

export function wireSource(source: SourceRow, form: 'full' | 'summary' = 'full'): WireSource {
  const spec = sourceSpec(source.spec);
  return {
    id: source.id,
    displayName: source.display_name,
    sourceSpec: !spec ? source.spec : form === 'full' ? sourceSpecFull(spec) : sourceSpecSummary(spec),
    properties: publicProperties(source.properties),
    createdAt: iso(source.created_at),
    updatedAt: iso(source.updated_at),
  };
}

const bodyWithProperties = z.looseObject({ properties: z.unknown().optional() });

/** Secrets sent back masked mean "keep": they are dropped before the shared writer schema reads the body. */
function readBody<S extends z.ZodType>(
  schema: S,
  spec: SourceSpecDefinition,
  body: unknown,
): { input: z.output<S>; properties: ReturnType<typeof readPropertiesInput> } {
  const loose = parseWith(bodyWithProperties, body);
  const properties = readPropertiesInput(spec.propertyDefinitions, loose.properties);
  const input = parseWith(schema, { ...loose, properties: loose.properties === undefined ? undefined : properties });
  return { input, properties };
}

export async function requireSource(services: Services, id: number): Promise<SourceRow> {
  const source = await findSource(services.db, id);
  if (!source) throw notFound();
  return source;
}

export function sourceRoutes(services: Services) {
  const { db, box } = services;
  return new Hono<{ Variables: AuthVariables }>()
    .get('/', async (c) => {
      const rows = await listSources(db, pageParams(c));
      return c.json({ data: rows.map((row) => wireSource(row, 'summary')) });
    })
    .post('/', async (c) => {
      const body = await readJson(c);
      const specName = parseWith(z.looseObject({ sourceSpec: z.string().min(1) }), body).sourceSpec;
      const spec = sourceSpec(specName);
      if (!spec) throw badRequest(`Unknown source spec "${specName}".`);
      const { input, properties } = readBody(createSourceInputSchema, spec, body);
      const stored = applyProperties(spec.propertyDefinitions, {}, properties, box);
      await checkTargets('source', spec.name, revealProperties(stored, box));
      const row = await insertSource(db, {
        displayName: nameOr(input.displayName, spec.displayName),
        spec: spec.name,
        properties: stored,
      });
      await services.runs.requestDiscovery(row.id);
      return c.json({ data: wireSource(row) }, 201);
    })
    .get('/:id', async (c) => {
      const source = await requireSource(services, idParam(c));
      return c.json({ data: wireSource(source) });
    })
    .patch('/:id', async (c) => {
      const source = await requireSource(services, idParam(c));
      const spec = sourceSpec(source.spec);
      if (!spec) throw badRequest(`The source spec "${source.spec}" is no longer available.`);
      const { input, properties } = readBody(updateSourceInputSchema, spec, await readJson(c));
      const stored = applyProperties(spec.propertyDefinitions, source.properties, properties, box);
      if (Object.keys(properties).length > 0) await checkTargets('source', spec.name, revealProperties(stored, box));
      const row = await updateSourceRow(db, source.id, {
        displayName: nameOr(input.displayName, source.display_name),
        properties: stored,
      });
      if (Object.keys(properties).length > 0) await services.runs.requestDiscovery(row.id);
      return c.json({ data: wireSource(row) });
    })
    .get('/:id/resolvers', async (c) => {
      const source = await requireSource(services, idParam(c));
      return c.json({ data: wireResolverList(source) });
    })
    .get('/:id/verify', async (c) => {
      const source = await requireSource(services, idParam(c));
      const check = sourceConnector(source.spec)?.verify;
      return c.json({ data: await verifyStored(services, 'source', source, sourceSpec(source.spec), check) });
    });
}
