import { createFileRoute } from '@tanstack/react-router';
import { DestinationsPage } from '@/features/destinations/destinations-list-page';
import { listSearchSchema } from '@/lib/list-search';
import { destinationQueries } from '@/resources/destinations';

export const Route = createFileRoute('/_app/destinations/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => ({ limit: search.limit, offset: search.offset }),
  loader: ({ context, deps }) => context.queryClient.query({ ...destinationQueries.list(deps), staleTime: 'static' }),
  component: function DestinationsRoute() {
    const { limit, offset } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DestinationsPage limit={limit} offset={offset} onPage={(next) => void navigate({ search: { limit, offset: next } })} />;
  },
});
