import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageParams } from '@/api/page-params';
import { getResolvers } from '@/api/resolvers';
import { createSource, type CreateSourceInput, getSource, listSources, updateSource, type UpdateSourceInput } from '@/api/sources';
import { choicesQuery, nameIndexQuery } from './endpoint-lists';
import { resourceKeys } from './keys';
import { listingOf } from './listing';

export const sourceKeys = resourceKeys('sources');

export const sourceQueries = {
  list: (page: PageParams) => queryOptions({ queryKey: sourceKeys.list(page), queryFn: ({ signal }) => listingOf(() => listSources(page, { signal })) }),
  names: () => nameIndexQuery(sourceKeys.list({ view: 'names' }), listSources),
  choices: () =>
    choicesQuery(sourceKeys.list({ view: 'choices' }), listSources, (source) => ({ fallbackName: `Source ${String(source.id)}`, spec: source.sourceSpec })),
  detail: (id: number) => queryOptions({ queryKey: sourceKeys.detail(id), queryFn: ({ signal }) => getSource(id, { signal }) }),
  resolvers: (id: number) => queryOptions({ queryKey: sourceKeys.detail(id, 'resolvers'), queryFn: ({ signal }) => getResolvers(id, { signal }) }),
};

/** A new source belongs in every list of sources (the list page, the names, the new-flow picker). */
export function useCreateSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSourceInput) => createSource(input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sourceKeys.list() });
    },
  });
}

/**
 * Saves only what changed. The page shows the answer at once; everything cached about sources is read again,
 * since a save renames the source in every list and changes what discovery finds.
 */
export function useUpdateSource(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateSourceInput) => updateSource(id, changes),
    onSuccess: async (updated) => {
      client.setQueryData(sourceQueries.detail(id).queryKey, updated);
      await client.invalidateQueries({ queryKey: sourceKeys.all() });
    },
  });
}
