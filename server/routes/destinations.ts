import {
  createDestinationInputSchema,
  hostedCreateDestinationInputSchema,
  hostedUpdateDestinationInputSchema,
  updateDestinationInputSchema,
} from '@/api/destinations';
import { destinationSpec } from '@/catalogue/connector-specs';
import { destinationConnector } from '../connectors/registry';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { destinationStore, setDestinationRunLimit } from '../store/destinations';
import { configuredRoutes } from './configured';
import { wireDestination } from './configured-wire';

// Destinations are sources' twins (configured.ts); only they have a limit of runs loading at once,
// Flowdeck's `maxConcurrentRuns`, which the hosted profile's writers refuse as a field they do not know.

export function destinationHandlers(services: Services) {
  const hosted = services.profile === 'hosted';
  const destinations = configuredRoutes(services, {
    noun: 'destination',
    spec: destinationSpec,
    store: destinationStore,
    wire: wireDestination,
    connectionCheck: (spec) => destinationConnector(spec)?.verify,
    createSchema: hosted ? hostedCreateDestinationInputSchema : createDestinationInputSchema,
    updateSchema: hosted ? hostedUpdateDestinationInputSchema : updateDestinationInputSchema,
    saveExtras: async (row, input) => {
      const limit = input.maxConcurrentRuns as number | null | undefined;
      return limit === undefined ? row : setDestinationRunLimit(services.db, row.id, limit);
    },
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
