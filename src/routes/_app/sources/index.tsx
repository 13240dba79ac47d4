import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { EndpointsPage } from '@/features/endpoints/endpoints-page';
import { sourceKind } from '@/features/endpoints/sources/source-kind';
import { endpointListSearchDefaults, endpointListSearchSchema } from '@/lib/list-search';
import { sourceQueries } from '@/resources/sources';

export const Route = createFileRoute('/_app/sources/')({
  validateSearch: endpointListSearchSchema,
  search: { middlewares: [stripSearchParams(endpointListSearchDefaults)] },
  loader: ({ context }) => context.queryClient.query({ ...sourceQueries.list(), staleTime: 'static' }),
  component: function SourcesRoute() {
    return <EndpointsPage kind={sourceKind} search={Route.useSearch()} />;
  },
});
