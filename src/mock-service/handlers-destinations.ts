import { delay, type HttpHandler } from 'msw';
import { createDestinationInputSchema, updateDestinationInputSchema } from '@/api/destinations';
import { applyProperties, propertyProblem, withoutEchoedMasks } from './properties';
import type { DestinationRecord } from './records';
import { badRequest, dataResponse, errorResponse, notFound } from './responses';
import { idParam, type MockContext, paginate, parseBody, readJson, route, type RouteInput } from './route';
import { isSlowDestination } from './rules';
import { destinationSpecSummary, wireDestination } from './serialize';
import { verificationMessages } from './verify';

function findDestination(context: MockContext, input: RouteInput): DestinationRecord {
  const destination = context.db.destination(idParam(input));
  if (!destination) throw notFound();
  return destination;
}

export function destinationHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listDestinations', 'get', '/v2/destinations', 'key', ({ url }) =>
      dataResponse(paginate(db.state.destinations, url).map((destination) => wireDestination(db, destination, 'summary'))),
    ),

    route(context, 'createDestination', 'post', '/v2/destinations', 'key', async ({ request }) => {
      const raw = await readJson(request);
      const specName = typeof raw === 'object' && raw !== null && 'destinationSpec' in raw ? raw.destinationSpec : undefined;
      const spec = typeof specName === 'string' ? db.destinationSpec(specName) : undefined;
      const input = parseBody(createDestinationInputSchema, withoutEchoedMasks(spec?.propertyDefinitions ?? [], raw));
      if (!spec) throw badRequest(`Bad Request: unknown destination spec "${input.destinationSpec}".`);
      const problem = propertyProblem(spec.propertyDefinitions, input.properties ?? {});
      if (problem) throw badRequest(`Bad Request: ${problem}`);
      const now = db.now();
      const destination: DestinationRecord = {
        id: db.nextId('destination'),
        displayName: input.displayName ?? spec.displayName,
        spec: spec.name,
        properties: applyProperties(spec.propertyDefinitions, {}, input.properties ?? {}),
        createdAt: now,
        updatedAt: now,
      };
      db.state.destinations.push(destination);
      return dataResponse(wireDestination(db, destination, 'full-upper'), 201);
    }),

    route(context, 'getDestination', 'get', '/v2/destinations/:id', 'key', (input) => dataResponse(wireDestination(db, findDestination(context, input)))),

    route(context, 'updateDestination', 'patch', '/v2/destinations/:id', 'key', async (input) => {
      const destination = findDestination(context, input);
      const definitions = db.destinationSpec(destination.spec)?.propertyDefinitions ?? [];
      const patch = parseBody(updateDestinationInputSchema, withoutEchoedMasks(definitions, await readJson(input.request)));
      const problem = propertyProblem(definitions, patch.properties ?? {});
      if (problem) throw badRequest(`Bad Request: ${problem}`);
      if (patch.displayName !== undefined) destination.displayName = patch.displayName;
      if (patch.properties) destination.properties = applyProperties(definitions, destination.properties, patch.properties);
      destination.updatedAt = db.now();
      return dataResponse(wireDestination(db, destination));
    }),

    // Synchronous on the service; the undocumented timeout status is answered as 504.
    route(context, 'verifyDestination', 'get', '/v2/destinations/:id/verify', 'key', async (input) => {
      const destination = findDestination(context, input);
      const messages = verificationMessages(destination, db.destinationSpec(destination.spec));
      const reachesNetwork = !messages.some((message) => message.is_error === true && message.name !== 'connection');
      if (reachesNetwork && db.verifyDelayMs > 0) await delay(db.verifyDelayMs);
      if (reachesNetwork && isSlowDestination(destination)) return errorResponse(504, 'Request Timeout');
      return dataResponse(messages);
    }),

    route(context, 'listDestinationSpecs', 'get', '/v2/destinationspecs', 'key', ({ url }) =>
      dataResponse(paginate(db.state.destinationSpecs, url).map(destinationSpecSummary)),
    ),
  ];
}
