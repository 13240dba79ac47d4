import { delay, type HttpHandler } from 'msw';
import { createDestinationInputSchema, updateDestinationInputSchema } from '@/api/destinations';
import { MESSAGES } from '@/api/messages';
import { NotFound } from '@/service-rules/errors';
import { nameOr } from '@/service-rules/names';
import { readBodyWithProperties } from '@/service-rules/properties';
import { specNamed } from '@/service-rules/specs';
import { applyProperties } from './properties';
import type { DestinationRecord } from './records';
import { dataResponse, errorResponse } from './responses';
import { idParam, type MockContext, paginate, readJson, route, type RouteInput } from './route';
import { isSlowDestination } from './rules';
import { destinationSpecSummary } from '@/service-rules/wire';
import { wireDestination } from './serialize';
import { verificationMessages } from './verify';

function findDestination(context: MockContext, input: RouteInput): DestinationRecord {
  const destination = context.db.destination(idParam(input));
  if (!destination) throw new NotFound();
  return destination;
}

export function destinationHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listDestinations', ({ url }) =>
      dataResponse(paginate(db.state.destinations, url).map((destination) => wireDestination(db, destination, 'summary'))),
    ),

    route(context, 'createDestination', async ({ request }) => {
      const body = await readJson(request);
      const spec = specNamed('destination', body, (name) => db.destinationSpec(name));
      const { input, properties } = readBodyWithProperties(createDestinationInputSchema, spec.propertyDefinitions, body);
      const now = db.now();
      const destination: DestinationRecord = {
        id: db.nextId('destination'),
        displayName: nameOr(input.displayName, spec.displayName),
        spec: spec.name,
        properties: applyProperties(spec.propertyDefinitions, {}, properties),
        createdAt: now,
        updatedAt: now,
      };
      db.state.destinations.push(destination);
      return dataResponse(wireDestination(db, destination, 'full-upper'), 201);
    }),

    route(context, 'getDestination', (input) => dataResponse(wireDestination(db, findDestination(context, input)))),

    route(context, 'updateDestination', async (input) => {
      const destination = findDestination(context, input);
      const definitions = db.destinationSpec(destination.spec)?.propertyDefinitions ?? [];
      const { input: patch, properties } = readBodyWithProperties(updateDestinationInputSchema, definitions, await readJson(input.request));
      destination.displayName = nameOr(patch.displayName, destination.displayName);
      destination.properties = applyProperties(definitions, destination.properties, properties);
      destination.updatedAt = db.now();
      return dataResponse(wireDestination(db, destination));
    }),

    // Refused while flows use it, as the service does.
    route(context, 'deleteDestination', (input) => {
      const destination = findDestination(context, input);
      db.refuseWhileUsed('destination', destination.id);
      db.state.destinations = db.state.destinations.filter((candidate) => candidate.id !== destination.id);
      return dataResponse(true);
    }),

    // Synchronous on the service; the undocumented timeout status is answered as 504.
    route(context, 'verifyDestination', async (input) => {
      const destination = findDestination(context, input);
      const messages = verificationMessages(destination, db.destinationSpec(destination.spec));
      const reachesNetwork = !messages.some((message) => message.is_error && message.name !== 'connection');
      if (reachesNetwork && db.verifyDelayMs > 0) await delay(db.verifyDelayMs);
      if (reachesNetwork && isSlowDestination(destination)) return errorResponse(504, MESSAGES.requestTimeout);
      return dataResponse(messages);
    }),

    route(context, 'listDestinationSpecs', ({ url }) => dataResponse(paginate(db.state.destinationSpecs, url).map(destinationSpecSummary))),
  ];
}
