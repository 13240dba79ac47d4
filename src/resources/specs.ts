import { queryOptions } from '@tanstack/react-query';
import { getSourceSpec, listConnectors, listDestinationSpecs, listSourceSpecs } from '@/api/specs';
import { resourceKeys } from './keys';
import { listingOf } from './listing';

// Specs change with the service's release, not while someone works: read them once in a while.
const SPEC_STALE_MS = 5 * 60_000;

export const sourceSpecKeys = resourceKeys('source-specs');
export const destinationSpecKeys = resourceKeys('destination-specs');

export const specQueries = {
  /** The source spec catalogue: Flowdeck's list of source specs, else the connector list the hosted service has. */
  sources: () =>
    queryOptions({
      queryKey: sourceSpecKeys.list(),
      queryFn: async ({ signal }) => {
        const specs = await listingOf(() => listSourceSpecs({}, { signal }));
        return specs.available ? specs : listingOf(() => listConnectors({}, { signal }));
      },
      staleTime: SPEC_STALE_MS,
    }),
  source: (name: string) =>
    queryOptions({ queryKey: sourceSpecKeys.detail(name), queryFn: ({ signal }) => getSourceSpec(name, { signal }), staleTime: SPEC_STALE_MS }),
  destinations: () =>
    queryOptions({ queryKey: destinationSpecKeys.list(), queryFn: ({ signal }) => listDestinationSpecs({ signal }), staleTime: SPEC_STALE_MS }),
};
