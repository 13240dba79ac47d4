import { queryOptions } from '@tanstack/react-query';
import { createDestination, deleteDestination, getDestination, listDestinations, updateDestination, type UpdateDestinationInput } from '@/api/destinations';
import { allQuery, choicesQuery, nameIndexQuery, useCreateEndpoint, useDeleteEndpoint, useUpdateEndpoint } from './endpoints';
import { resourceKeys } from './keys';

export const destinationKeys = resourceKeys('destinations');

export const destinationQueries = {
  list: () => allQuery(destinationKeys.list({ view: 'all' }), listDestinations),
  names: () => nameIndexQuery(destinationKeys.list({ view: 'names' }), listDestinations),
  choices: () =>
    choicesQuery(destinationKeys.list({ view: 'choices' }), listDestinations, (destination) => ({
      fallbackName: `Destination ${String(destination.id)}`,
      spec: destination.destinationSpec,
    })),
  detail: (id: number) => queryOptions({ queryKey: destinationKeys.detail(id), queryFn: ({ signal }) => getDestination(id, { signal }) }),
};

export function useCreateDestination() {
  return useCreateEndpoint(createDestination, destinationKeys.list());
}

/** A save may rename the destination: its lists (and the names and choices read from them) are read again. */
export function useUpdateDestination(id: number) {
  return useUpdateEndpoint((changes: UpdateDestinationInput) => updateDestination(id, changes), destinationQueries.detail(id).queryKey, destinationKeys.list());
}

export function useDeleteDestination(options: { onDeleted?: () => void } = {}) {
  return useDeleteEndpoint(deleteDestination, destinationKeys, options);
}
