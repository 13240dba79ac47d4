import { createFileRoute } from '@tanstack/react-router';
import { SourcesPage } from '@/features/sources/sources-list-page';
import { listSearchSchema } from '@/lib/list-search';
import { sourceQueries } from '@/resources/sources';

export const Route = createFileRoute('/_app/sources/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => ({ limit: search.limit, offset: search.offset }),
  loader: ({ context, deps }) => context.queryClient.query({ ...sourceQueries.list(deps), staleTime: 'static' }),
  component: function SourcesRoute() {
    const { limit, offset } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <SourcesPage limit={limit} offset={offset} onPage={(next) => void navigate({ search: { limit, offset: next } })} />;
  },
});
