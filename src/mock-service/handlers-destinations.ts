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
import { type MockContext, paginate, route } from './route';
import { isSlowDestination } from './rules';
import { destinationSpecSummary } from '@/service-rules/wire';
import { wireDestination } from './serialize';
import { verificationMessages } from './verify';

function findDestination(context: MockContext, id: number): DestinationRecord {
  const destination = context.db.destination(id);
  if (!destination) throw new NotFound();
  return destination;
}

export function destinationHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listDestinations', ({ query }) =>
      dataResponse(paginate(db.state.destinations, query).map((destination) => wireDestination(db, destination, 'summary'))),
    ),

    route(context, 'createDestination', ({ body }) => {
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

    route(context, 'getDestination', ({ params }) => dataResponse(wireDestination(db, findDestination(context, params.id)))),

    route(context, 'updateDestination', ({ params, body }) => {
      const destination = findDestination(context, params.id);
      const definitions = db.destinationSpec(destination.spec)?.propertyDefinitions ?? [];
      const { input: patch, properties } = readBodyWithProperties(updateDestinationInputSchema, definitions, body);
      destination.displayName = nameOr(patch.displayName, destination.displayName);
      destination.properties = applyProperties(definitions, destination.properties, properties);
      destination.updatedAt = db.now();
      return dataResponse(wireDestination(db, destination));
    }),

    // Refused while flows use it, as the service does.
    route(context, 'deleteDestination', ({ params }) => {
      const destination = findDestination(context, params.id);
      db.refuseWhileUsed('destination', destination.id);
      db.state.destinations = db.state.destinations.filter((candidate) => candidate.id !== destination.id);
      return dataResponse(true);
    }),

    // Synchronous on the service; the undocumented timeout status is answered as 504.
    route(context, 'verifyDestination', async ({ params }) => {
      const destination = findDestination(context, params.id);
      const messages = verificationMessages(destination, db.destinationSpec(destination.spec));
      const reachesNetwork = !messages.some((message) => message.is_error && message.name !== 'connection');
      if (reachesNetwork && db.verifyDelayMs > 0) await delay(db.verifyDelayMs);
      if (reachesNetwork && isSlowDestination(destination)) return errorResponse(504, MESSAGES.requestTimeout);
      return dataResponse(messages);
    }),

    route(context, 'listDestinationSpecs', ({ query }) => dataResponse(paginate(db.state.destinationSpecs, query).map(destinationSpecSummary))),
  ];
}
