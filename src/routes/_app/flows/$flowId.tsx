import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { preloadBarChart } from '@/components/bar-chart/lazy-bar-chart';
import { FlowPage } from '@/features/flows/flow-page';
import { flowPageSearchDefaults, flowPageSearchSchema } from '@/features/flows/flow-page-search';
import { preloadAttemptDrawer } from '@/features/flows/lazy-attempt-drawer';
import { HISTORY_PAGE } from '@/features/flows/run-history-figures';
import { parseIdParam } from '@/lib/route-params';
import { flowQueries, loadFlowRoute } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/$flowId')({
  validateSearch: flowPageSearchSchema,
  search: { middlewares: [stripSearchParams(flowPageSearchDefaults)] },
  loaderDeps: ({ search: { limit, offset, order } }) => ({ page: { limit, offset, order } }),
  loader: ({ context, params, location, deps }) => {
    // The run history's chart, and for a shared link to an attempt its drawer, are fetched beside the data.
    preloadBarChart();
    if ((location.search as { attempt?: unknown }).attempt !== undefined) preloadAttemptDrawer();
    // Not awaited, and only when not cached (the page keeps them fresh itself): the attempts table's page and the run
    // history's are read while the flow is, not after it, and opening an attempt (a search change) asks for nothing.
    const flowId = parseIdParam(params.flowId);
    for (const page of [HISTORY_PAGE, deps.page]) {
      void context.queryClient.query({ ...flowQueries.attempts(flowId, page), staleTime: 'static' }).catch(() => undefined);
    }
    return loadFlowRoute(context, params.flowId);
  },
  component: function FlowRoute() {
    const { flowId } = Route.useLoaderData();
    return <FlowPage flowId={flowId} />;
  },
});
