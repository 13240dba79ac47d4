import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CreateDestinationInput, Destination } from '@/api/destinations';
import { PAGE_INTROS } from '@/lib/page-intros';
import { destinationQueries, useCreateDestination, useDeleteDestination, useUpdateDestination } from '@/resources/destinations';
import { specQueries } from '@/resources/specs';
import type { EndpointKind } from '../endpoint-kind';

export const destinationKind: EndpointKind<Destination, CreateDestinationInput> = {
  noun: 'destination',
  operations: { create: 'createDestination', update: 'updateDestination', remove: 'deleteDestination', verify: 'verifyDestination' },
  intro: PAGE_INTROS['/destinations'].description,
  listPage: '/destinations',
  specOf: (destination) => destination.destinationSpec,
  useAll: () => useSuspenseQuery(destinationQueries.list()).data,
  useOne: (id) => useSuspenseQuery(destinationQueries.detail(id)).data,
  // The interface always lists destination specs.
  useSpecs: () => useQuery({ ...specQueries.destinations(), select: (items) => ({ available: true, items }) }),
  useCreate: useCreateDestination,
  createInput: (destinationSpec, displayName) => ({ destinationSpec, displayName }),
  useUpdate: useUpdateDestination,
  useDelete: useDeleteDestination,
  useOpenCreated: () => {
    const navigate = useNavigate();
    return (destination) => void navigate({ to: '/destinations/$destinationId', params: { destinationId: String(destination.id) } });
  },
  createdHint: 'Fill in its configuration now; you can verify it on its page.',
};
