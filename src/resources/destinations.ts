import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createDestination,
  type CreateDestinationInput,
  getDestination,
  listDestinations,
  updateDestination,
  type UpdateDestinationInput,
} from '@/api/destinations';
import type { PageParams } from '@/api/page-params';
import { choicesQuery, nameIndexQuery } from './endpoint-lists';
import { resourceKeys } from './keys';
import { listingOf } from './listing';

export const destinationKeys = resourceKeys('destinations');

export const destinationQueries = {
  list: (page: PageParams) =>
    queryOptions({ queryKey: destinationKeys.list(page), queryFn: ({ signal }) => listingOf(() => listDestinations(page, { signal })) }),
  names: () => nameIndexQuery(destinationKeys.list({ view: 'names' }), listDestinations),
  choices: () =>
    choicesQuery(destinationKeys.list({ view: 'choices' }), listDestinations, (destination) => ({
      fallbackName: `Destination ${String(destination.id)}`,
      spec: destination.destinationSpec,
    })),
  detail: (id: number) => queryOptions({ queryKey: destinationKeys.detail(id), queryFn: ({ signal }) => getDestination(id, { signal }) }),
};

/** A new destination belongs in every list of destinations (the list page, the names, the new-flow picker). */
export function useCreateDestination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDestinationInput) => createDestination(input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: destinationKeys.list() });
    },
  });
}

/** Saves only what changed. The page shows the answer at once; the lists are read again, since a save may rename it. */
export function useUpdateDestination(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateDestinationInput) => updateDestination(id, changes),
    onSuccess: async (updated) => {
      client.setQueryData(destinationQueries.detail(id).queryKey, updated);
      await client.invalidateQueries({ queryKey: destinationKeys.list() });
    },
  });
}
