import { queryOptions } from '@tanstack/react-query';
import { listConfigurationCards } from '@/api/cards';
import type { PageParams } from '@/api/page-params';
import { getResolvers } from '@/api/resolvers';
import { getSource, listSources } from '@/api/sources';
import { getSourceSpec, listConnectors, listSourceSpecs } from '@/api/specs';
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
  /** The spec catalogue: Flowdeck's list of source specs, else the connector list the hosted service has. */
  specs: () =>
    queryOptions({
      queryKey: ['source-specs', 'list'],
      queryFn: async ({ signal }) => {
        const specs = await listingOf(() => listSourceSpecs({}, { signal }));
        return specs.available ? specs : listingOf(() => listConnectors({}, { signal }));
      },
      staleTime: 5 * 60_000,
    }),
  spec: (name: string) =>
    queryOptions({ queryKey: ['source-specs', 'detail', name], queryFn: ({ signal }) => getSourceSpec(name, { signal }), staleTime: 5 * 60_000 }),
};
