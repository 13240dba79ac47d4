import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { readAllPages } from '@/api/all-pages';
import type { CallOptions } from '@/api/client';
import { MAX_PAGE_LIMIT, type PageParams } from '@/api/page-params';

// Sources and destinations are the two ends of a flow ("endpoints"), twins on the client: other screens
// read their lists in the same two ways (names by id for the flow lists, choices for the new-flow form),
// and creating or saving one updates the cache in the same way.

/** id → display name, for lists that show a flow's source and destination by name. */
export type NameIndex = ReadonlyMap<number, string>;

/** A source or destination to pick, grouped under its spec's name. */
export interface EndpointChoice {
  id: number;
  name: string;
  spec: string;
}

interface Endpoint {
  id: number;
  displayName: string;
}

type ReadPage<T> = (page: PageParams, options: CallOptions) => Promise<T[]>;

/**
 * Flowdeck's service lists sources and destinations; the interface does not, so where these fail the
 * screens show ids instead (the names are a nicety, never a reason to show an error).
 */
export function nameIndexQuery<K extends QueryKey>(queryKey: K, readPage: ReadPage<Endpoint>) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<NameIndex> => {
      const items = await readAllPages((page) => readPage(page, { signal }));
      return new Map(items.map((item) => [item.id, item.displayName]));
    },
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * One page of up to 1000: a longer pick list would need search on the service, which it does not offer.
 * `fallbackName` names an endpoint without a display name ("Source 3").
 */
export function choicesQuery<T extends Endpoint, K extends QueryKey>(
  queryKey: K,
  readPage: ReadPage<T>,
  describe: (item: T) => { fallbackName: string; spec: { name: string; displayName: string | null } },
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<EndpointChoice[]> =>
      (await readPage({ limit: MAX_PAGE_LIMIT }, { signal })).map((item) => {
        const { fallbackName, spec } = describe(item);
        return { id: item.id, name: item.displayName || fallbackName, spec: spec.displayName ?? spec.name };
      }),
  });
}

/** A new one belongs in every list of its kind (the list page, the names, the new-flow picker). */
export function useCreateEndpoint<T, I>(create: (input: I) => Promise<T>, lists: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => create(input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: lists });
    },
  });
}

/** Saves only what changed: the page shows the answer at once, and `stale` (what else shows it) is read again. */
export function useUpdateEndpoint<T, I>(update: (changes: I) => Promise<T>, detail: QueryKey, stale: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: I) => update(changes),
    onSuccess: async (updated) => {
      client.setQueryData(detail, updated);
      await client.invalidateQueries({ queryKey: stale });
    },
  });
}
