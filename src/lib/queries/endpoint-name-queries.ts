import { queryOptions } from '@tanstack/react-query';
import { readAllPages } from '@/api/all-pages';
import { listDestinations } from '@/api/destinations';
import { listSources } from '@/api/sources';

/** id → display name, for lists that show a flow's source and destination by name. */
export type NameIndex = ReadonlyMap<number, string>;

const indexOf = (items: { id: number; displayName: string }[]): NameIndex => new Map(items.map((item) => [item.id, item.displayName]));

/**
 * Flowdeck's service lists sources and destinations; the interface does not, so where these fail the
 * screens show ids instead (the names are a nicety, never a reason to show an error).
 */
export const endpointNameQueries = {
  sources: () =>
    queryOptions({
      queryKey: ['sources', 'names'],
      queryFn: async ({ signal }) => indexOf(await readAllPages((page) => listSources(page, { signal }))),
      staleTime: 60_000,
      retry: false,
    }),
  destinations: () =>
    queryOptions({
      queryKey: ['destinations', 'names'],
      queryFn: async ({ signal }) => indexOf(await readAllPages((page) => listDestinations(page, { signal }))),
      staleTime: 60_000,
      retry: false,
    }),
};
