import { queryOptions } from '@tanstack/react-query';
import { listConfigurationCards } from '@/api/cards';
import type { PageParams } from '@/api/page-params';
import { getResolvers } from '@/api/resolvers';
import { getSource, listSources } from '@/api/sources';
import { getSourceSpec, listSourceSpecs } from '@/api/specs';
import { listingOf } from './list-fallback';

export const sourceQueries = {
  all: () => ['sources'] as const,
  list: (page: PageParams) =>
    queryOptions({ queryKey: [...sourceQueries.all(), 'list', page], queryFn: ({ signal }) => listingOf(() => listSources(page, { signal })) }),
  detail: (id: number) => queryOptions({ queryKey: [...sourceQueries.all(), 'detail', id], queryFn: ({ signal }) => getSource(id, { signal }) }),
  resolvers: (id: number) =>
    queryOptions({ queryKey: [...sourceQueries.all(), 'detail', id, 'resolvers'], queryFn: ({ signal }) => getResolvers(id, { signal }) }),
  cards: (id: number) =>
    queryOptions({
      queryKey: [...sourceQueries.all(), 'detail', id, 'cards'],
      queryFn: ({ signal }) => listingOf(() => listConfigurationCards(id, {}, { signal })),
    }),
  specs: () =>
    queryOptions({ queryKey: ['source-specs', 'list'], queryFn: ({ signal }) => listingOf(() => listSourceSpecs({}, { signal })), staleTime: 5 * 60_000 }),
  spec: (name: string) =>
    queryOptions({ queryKey: ['source-specs', 'detail', name], queryFn: ({ signal }) => getSourceSpec(name, { signal }), staleTime: 5 * 60_000 }),
};
