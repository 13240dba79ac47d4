import { queryOptions } from '@tanstack/react-query';
import { listDestinations } from '@/api/destinations';
import { MAX_PAGE_LIMIT } from '@/api/page-params';
import { listSources } from '@/api/sources';

/** A source or destination to pick, grouped under its spec's name. */
export interface EndpointChoice {
  id: number;
  name: string;
  spec: string;
}

const choiceOf = (id: number, displayName: string, spec: { name: string; displayName: string | null }, kind: string): EndpointChoice => ({
  id,
  name: displayName || `${kind} ${String(id)}`,
  spec: spec.displayName ?? spec.name,
});

/**
 * One page of up to 1000 each: a longer pick list would need search on the service, which it does not
 * offer. Keys sit under 'sources' and 'destinations', so whatever invalidates those refreshes the pickers.
 */
export const newFlowQueries = {
  sources: () =>
    queryOptions({
      queryKey: ['sources', 'choices'],
      queryFn: async ({ signal }) =>
        (await listSources({ limit: MAX_PAGE_LIMIT }, { signal })).map((source) => choiceOf(source.id, source.displayName, source.sourceSpec, 'Source')),
    }),
  destinations: () =>
    queryOptions({
      queryKey: ['destinations', 'choices'],
      queryFn: async ({ signal }) =>
        (await listDestinations({ limit: MAX_PAGE_LIMIT }, { signal })).map((destination) =>
          choiceOf(destination.id, destination.displayName, destination.destinationSpec, 'Destination'),
        ),
    }),
};
