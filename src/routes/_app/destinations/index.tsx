import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DestinationsPage } from '@/features/destinations/destinations-list-page';
import { endpointListSearchDefaults, endpointListSearchSchema } from '@/lib/list-search';
import { destinationQueries } from '@/resources/destinations';

export const Route = createFileRoute('/_app/destinations/')({
  validateSearch: endpointListSearchSchema,
  search: { middlewares: [stripSearchParams(endpointListSearchDefaults)] },
  loader: ({ context }) => context.queryClient.query({ ...destinationQueries.list(), staleTime: 'static' }),
  component: function DestinationsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <DestinationsPage
        search={search}
        onSearch={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: patch.q !== undefined })}
      />
    );
  },
});
