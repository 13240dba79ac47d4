import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { isApiError } from '@/api/errors';
import { SourcePage } from '@/features/endpoints/sources/source-page';
import { SOURCE_TABS, type SourceTab } from '@/features/endpoints/sources/source-tab-names';
import { preloadSourceTab } from '@/features/endpoints/sources/source-tab-panels';
import { UnreadableSourcePage } from '@/features/endpoints/sources/unreadable-source-page';
import { parseIdParam } from '@/lib/route-params';
import { sourceQueries } from '@/resources/sources';

export const Route = createFileRoute('/_app/sources/$sourceId')({
  validateSearch: z.object({ tab: z.enum(SOURCE_TABS).default('configuration').catch('configuration') }),
  loader: async ({ params, context, location }) => {
    const sourceId = parseIdParam(params.sourceId);
    // The open tab's body is fetched beside the source, not after the page first draws.
    const tab = SOURCE_TABS.find((name) => name === (location.search as { tab?: unknown }).tab) ?? 'configuration';
    preloadSourceTab(tab);
    try {
      await context.queryClient.query({ ...sourceQueries.detail(sourceId), staleTime: 'static' });
      return { sourceId, readable: true };
    } catch (error) {
      if (!isApiError(error, 'not_found')) throw error;
    }
    // Reading a source is Flowdeck's addition: a service without it answers 404 as well. The source
    // exists if its resolvers (an operation of the interface) answer.
    try {
      await context.queryClient.query({ ...sourceQueries.resolvers(sourceId), staleTime: 'static' });
    } catch (error) {
      if (isApiError(error, 'not_found')) throw notFound();
      throw error;
    }
    return { sourceId, readable: false };
  },
  component: function SourceRoute() {
    const { sourceId, readable } = Route.useLoaderData();
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onTab = (next: SourceTab) => void navigate({ search: { tab: next }, replace: true });
    return readable ? <SourcePage sourceId={sourceId} tab={tab} onTab={onTab} /> : <UnreadableSourcePage sourceId={sourceId} tab={tab} onTab={onTab} />;
  },
});
