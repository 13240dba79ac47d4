import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallOptions } from '@/api/client';
import { isApiError } from '@/api/errors';
import { discoverResolvers, getResolvers, type ResolverList, updateResolvers, type UpdateResolversInput } from '@/api/resolvers';
import { createSource, deleteSource, getSource, listSources, updateSource, type UpdateSourceInput } from '@/api/sources';
import { boostLiveViews, liveScopes } from '@/lib/live-query';
import { allQuery, choicesQuery, nameIndexQuery, useCreateEndpoint, useDeleteEndpoint, useUpdateEndpoint } from './endpoints';
import { resourceKeys } from './keys';
import type { ServiceSupport } from './service-support';

export const sourceKeys = resourceKeys('sources');

/**
 * The display name of a flow's source, by GET /v2/sources/{id} (Flowdeck's addition); null on a service
 * without it (the hosted one), learned from its first 404: a flow's source exists (the service refuses to
 * delete a source that flows use), so a 404 for it is the operation missing.
 */
async function readSourceName(service: ServiceSupport, id: number, options: CallOptions): Promise<string | null> {
  if (service.sourceById === false) return null;
  try {
    const source = await getSource(id, options);
    service.sourceById = true;
    return source.displayName;
  } catch (error) {
    if (service.sourceById === true || !isApiError(error, 'not_found')) throw error;
    service.sourceById = false;
    return null;
  }
}

export const sourceQueries = {
  list: () => allQuery(sourceKeys.list({ view: 'all' }), listSources),
  names: () => nameIndexQuery(sourceKeys.list({ view: 'names' }), listSources),
  choices: () =>
    choicesQuery(sourceKeys.list({ view: 'choices' }), listSources, (source) => ({ fallbackName: `Source ${String(source.id)}`, spec: source.sourceSpec })),
  detail: (id: number) => queryOptions({ queryKey: sourceKeys.detail(id), queryFn: ({ signal }) => getSource(id, { signal }) }),
  /** A flow's source's name alone (a flow's page); null where the service cannot say. */
  name: (service: ServiceSupport, id: number) =>
    // The service is not part of the key: it changes only with the sign-in, which empties the cache.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({ queryKey: sourceKeys.detail(id, 'name'), queryFn: ({ signal }) => readSourceName(service, id, { signal }), staleTime: 60_000 }),
  resolvers: (id: number) => queryOptions({ queryKey: sourceKeys.detail(id, 'resolvers'), queryFn: ({ signal }) => getResolvers(id, { signal }) }),
};

/** Discovery is under way: the resolvers tab polls fast until it ends (src/lib/polling.ts). */
export const isDiscovering = (list: ResolverList) => list.discoveryStatus?.status === 'in_progress';

export function useCreateSource() {
  return useCreateEndpoint(createSource, sourceKeys.list());
}

/** A save renames the source in every list and starts discovery again: everything cached about sources is read again. */
export function useUpdateSource(id: number) {
  return useUpdateEndpoint((changes: UpdateSourceInput) => updateSource(id, changes), sourceQueries.detail(id).queryKey, sourceKeys.all());
}

export function useDeleteSource(options: { onDeleted?: () => void } = {}) {
  return useDeleteEndpoint(deleteSource, sourceKeys, options);
}

/** Turning resolvers on or off answers the whole list, which the tab shows at once. */
export function useUpdateResolvers(sourceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateResolversInput) => updateResolvers(sourceId, input),
    onSuccess: (list) => {
      client.setQueryData(sourceQueries.resolvers(sourceId).queryKey, list);
    },
  });
}

/**
 * Discover now (and Retry): the answer shows discovery in progress at once and the tab polls fast. A
 * refusal (one is already in progress) is news too: the list is read again.
 */
export function useDiscoverResolvers(sourceId: number) {
  const client = useQueryClient();
  const { queryKey } = sourceQueries.resolvers(sourceId);
  return useMutation({
    mutationFn: () => discoverResolvers(sourceId),
    onSuccess: (list) => {
      client.setQueryData(queryKey, list);
    },
    onError: () => {
      void client.invalidateQueries({ queryKey });
    },
    onSettled: () => {
      boostLiveViews(client, [liveScopes.source(sourceId)]);
    },
  });
}
