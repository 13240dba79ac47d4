import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { destinationKind } from '@/features/endpoints/destinations/destination-kind';
import { EndpointsPage } from '@/features/endpoints/endpoints-page';
import { endpointListSearchDefaults, endpointListSearchSchema } from '@/lib/list-search';
import { destinationQueries } from '@/resources/destinations';

export const Route = createFileRoute('/_app/destinations/')({
  validateSearch: endpointListSearchSchema,
  search: { middlewares: [stripSearchParams(endpointListSearchDefaults)] },
  loader: ({ context }) => context.queryClient.query({ ...destinationQueries.list(), staleTime: 'static' }),
  component: function DestinationsRoute() {
    return <EndpointsPage kind={destinationKind} search={Route.useSearch()} />;
  },
});
