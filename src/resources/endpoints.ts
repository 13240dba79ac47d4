import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAllPages } from '@/api/all-pages';
import type { CallOptions } from '@/api/client';
import type { Flow } from '@/api/flows';
import { MAX_PAGE_LIMIT, type PageParams } from '@/api/page-params';
import { flowKeys, flowQueries } from './flows';
import { listingOf } from './listing';

// Sources and destinations are the two ends of a flow ("endpoints"), twins on the client: other screens
// read their lists in the same two ways (names by id for the flow lists, choices for the new-flow form),
// their list pages read them whole, which flows use each comes from the flows list, and creating, saving
// or deleting one updates the cache in the same way.

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

/**
 * Every one of them, page by page: the list page searches, sorts and pages them where it stands, as the
 * flows list does (the service offers no search). A service without the list operation reads as unavailable.
 */
export function allQuery<T extends { id: number }, K extends QueryKey>(queryKey: K, readPage: (page: PageParams, options: CallOptions) => Promise<T[]>) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => listingOf(() => readAllPages((page) => readPage(page, { signal }))),
  });
}

/** Endpoint id → the flows that read from it (sources) or load into it (destinations), in flow order. */
export type UsedBy = ReadonlyMap<number, readonly Flow[]>;

export function usedByIndex(flows: readonly Flow[], noun: 'source' | 'destination'): UsedBy {
  const index = new Map<number, Flow[]>();
  for (const flow of flows) index.set(flow[noun], [...(index.get(flow[noun]) ?? []), flow]);
  return index;
}

/**
 * Which flows use each source or destination, derived from the flows list the dashboard reads anyway (no
 * wire field needed, and the hosted service has none). Undefined until the flows are read.
 */
export function useUsedBy(noun: 'source' | 'destination'): UsedBy | undefined {
  return useQuery({ ...flowQueries.list(), select: (flows) => usedByIndex(flows, noun) }).data;
}

/**
 * Deleting one: gone from the lists, its cached details forgotten. A refusal (flows use it) means the
 * flows list the dashboard showed was behind: it is read again, so the refusal names the right flows.
 */
export function useDeleteEndpoint(
  remove: (id: number) => Promise<true>,
  keys: { list: () => QueryKey; detail: (id: number) => QueryKey },
  { onDeleted }: { onDeleted?: () => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => remove(id),
    onSuccess: async (_, id) => {
      await client.cancelQueries({ queryKey: keys.detail(id) });
      client.removeQueries({ queryKey: keys.detail(id) });
      onDeleted?.();
      await client.invalidateQueries({ queryKey: keys.list() });
    },
    onError: () => {
      void client.invalidateQueries({ queryKey: flowKeys.list() });
    },
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
