import { queryOptions } from '@tanstack/react-query';
import type { PageParams } from '@/api/page-params';
import { getResolvers } from '@/api/resolvers';
import { createSource, getSource, listSources, updateSource, type UpdateSourceInput } from '@/api/sources';
import { choicesQuery, nameIndexQuery, useCreateEndpoint, useUpdateEndpoint } from './endpoints';
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

export function useCreateSource() {
  return useCreateEndpoint(createSource, sourceKeys.list());
}

/** A save renames the source in every list and starts discovery again: everything cached about sources is read again. */
export function useUpdateSource(id: number) {
  return useUpdateEndpoint((changes: UpdateSourceInput) => updateSource(id, changes), sourceQueries.detail(id).queryKey, sourceKeys.all());
}
