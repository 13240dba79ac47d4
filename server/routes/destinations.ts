import { createDestinationInputSchema, updateDestinationInputSchema } from '@/api/destinations';
import { destinationSpec } from '@/catalogue/connector-specs';
import { destinationConnector } from '../connectors/registry';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { destinationStore } from '../store/destinations';
import { configuredRoutes } from './configured';
import { wireDestination } from './configured-wire';

export function destinationHandlers(services: Services) {
  const destinations = configuredRoutes(services, {
    noun: 'destination',
    spec: destinationSpec,
    store: destinationStore,
    wire: wireDestination,
    connectionCheck: (spec) => destinationConnector(spec)?.verify,
    createSchema: createDestinationInputSchema,
    updateSchema: updateDestinationInputSchema,
  });
  return {
    listDestinations: destinations.list,
    createDestination: destinations.create,
    getDestination: destinations.get,
    updateDestination: destinations.update,
    deleteDestination: destinations.remove,
    verifyDestination: destinations.verify,
  } satisfies Partial<Handlers>;
}
