import { Hono } from 'hono';
import { z } from 'zod';
import { createDestinationInputSchema, updateDestinationInputSchema } from '@/api/destinations';
import { checkTargets, destinationConnector } from '../connectors/registry';
import { type DestinationSpecDefinition, destinationSpec } from '@/catalogue/connector-specs';
import type { AuthVariables } from '../http/auth';
import { badRequest, notFound } from '../http/errors';
import { idParam, pageParams, parseWith, readJson } from '../http/validate';
import { applyProperties, publicProperties, readPropertiesInput, revealProperties } from '../properties';
import type { Services } from '../services';
import { nameOr } from './names';
import { type DestinationRow, findDestination, insertDestination, listDestinations, updateDestinationRow } from '../store/destinations';
import { destinationSpecFull, destinationSpecSummary, iso, type WireDestination } from '../wire';
import { verifyStored } from './verify';

function wireDestination(destination: DestinationRow, form: 'full' | 'summary' = 'full'): WireDestination {
  const spec = destinationSpec(destination.spec);
  return {
    id: destination.id,
    displayName: destination.display_name,
    destinationSpec: !spec ? destination.spec : form === 'full' ? destinationSpecFull(spec) : destinationSpecSummary(spec),
    properties: publicProperties(destination.properties),
    createdAt: iso(destination.created_at),
    updatedAt: iso(destination.updated_at),
  };
}

const bodyWithProperties = z.looseObject({ properties: z.unknown().optional() });

function readBody<S extends z.ZodType>(schema: S, spec: DestinationSpecDefinition, body: unknown) {
  const loose = parseWith(bodyWithProperties, body);
  const properties = readPropertiesInput(spec.propertyDefinitions, loose.properties);
  const input: z.output<S> = parseWith(schema, { ...loose, properties: loose.properties === undefined ? undefined : properties });
  return { input, properties };
}

export function destinationRoutes(services: Services) {
  const { db, box } = services;
  const requireDestination = async (id: number) => {
    const destination = await findDestination(db, id);
    if (!destination) throw notFound();
    return destination;
  };
  return new Hono<{ Variables: AuthVariables }>()
    .get('/', async (c) => {
      const rows = await listDestinations(db, pageParams(c));
      return c.json({ data: rows.map((row) => wireDestination(row, 'summary')) });
    })
    .post('/', async (c) => {
      const body = await readJson(c);
      const specName = parseWith(z.looseObject({ destinationSpec: z.string().min(1) }), body).destinationSpec;
      const spec = destinationSpec(specName);
      if (!spec) throw badRequest(`Unknown destination spec "${specName}".`);
      const { input, properties } = readBody(createDestinationInputSchema, spec, body);
      const stored = applyProperties(spec.propertyDefinitions, {}, properties, box);
      await checkTargets('destination', spec.name, revealProperties(stored, box));
      const row = await insertDestination(db, {
        displayName: nameOr(input.displayName, spec.displayName),
        spec: spec.name,
        properties: stored,
      });
      return c.json({ data: wireDestination(row) }, 201);
    })
    .get('/:id', async (c) => c.json({ data: wireDestination(await requireDestination(idParam(c))) }))
    .patch('/:id', async (c) => {
      const destination = await requireDestination(idParam(c));
      const spec = destinationSpec(destination.spec);
      if (!spec) throw badRequest(`The destination spec "${destination.spec}" is no longer available.`);
      const { input, properties } = readBody(updateDestinationInputSchema, spec, await readJson(c));
      const stored = applyProperties(spec.propertyDefinitions, destination.properties, properties, box);
      if (Object.keys(properties).length > 0) await checkTargets('destination', spec.name, revealProperties(stored, box));
      const row = await updateDestinationRow(db, destination.id, {
        displayName: nameOr(input.displayName, destination.display_name),
        properties: stored,
      });
      return c.json({ data: wireDestination(row) });
    })
    .get('/:id/verify', async (c) => {
      const destination = await requireDestination(idParam(c));
      const check = destinationConnector(destination.spec)?.verify;
      return c.json({ data: await verifyStored(services, 'destination', destination, destinationSpec(destination.spec), check) });
    });
}
