import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { isApiError } from '@/api/errors';
import { SOURCE_TABS, SourcePage } from '@/features/sources/source-page';
import { sourceQueries } from '@/lib/queries/source-queries';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/sources/$sourceId')({
  validateSearch: z.object({ tab: z.enum(SOURCE_TABS).catch('configuration').default('configuration') }),
  loader: async ({ params, context }) => {
    const sourceId = parseIdParam(params.sourceId);
    try {
      await context.queryClient.query({ ...sourceQueries.detail(sourceId), staleTime: 'static' });
    } catch (error) {
      if (isApiError(error, 'not_found')) throw notFound();
      throw error;
    }
    return { sourceId };
  },
  component: function SourceRoute() {
    const { sourceId } = Route.useLoaderData();
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <SourcePage sourceId={sourceId} tab={tab} onTab={(next) => void navigate({ search: { tab: next }, replace: true })} />;
  },
});
