import { queryOptions } from '@tanstack/react-query';
import { getDestination, listDestinations } from '@/api/destinations';
import type { PageParams } from '@/api/page-params';
import { listDestinationSpecs } from '@/api/specs';
import { listingOf } from './list-fallback';

export const destinationQueries = {
  all: () => ['destinations'] as const,
  list: (page: PageParams) =>
    queryOptions({ queryKey: [...destinationQueries.all(), 'list', page], queryFn: ({ signal }) => listingOf(() => listDestinations(page, { signal })) }),
  detail: (id: number) => queryOptions({ queryKey: [...destinationQueries.all(), 'detail', id], queryFn: ({ signal }) => getDestination(id, { signal }) }),
  specs: () => queryOptions({ queryKey: ['destination-specs', 'list'], queryFn: ({ signal }) => listDestinationSpecs({ signal }), staleTime: 5 * 60_000 }),
};
