import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FlowsPage } from '@/features/flows/flows-page';
import { askFirstFlowsPageAhead } from '@/features/flows/flows-list-ahead';
import { flowsSearchDefaults, flowsSearchSchema } from '@/features/flows/flows-search';

export const Route = createFileRoute('/_app/flows/')({
  // The loader stays in the route's definition (vite.config.ts splits loaders off): on a first load the first
  // page is asked for as soon as the router matches /flows, beside the page's code and the query's, instead of
  // after a loader chunk has come and run. What reads the answer (its schema, zod classic) comes with them.
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: flowsSearchSchema,
  search: { middlewares: [stripSearchParams(flowsSearchDefaults)] },
  loader: async ({ context }) => {
    askFirstFlowsPageAhead(context.queryClient);
    const { loadFlowsList } = await import('@/resources/flows');
    await loadFlowsList(context.queryClient);
  },
  // A change of search or filter stays on the page: its rows come from the cache the page watches, so the
  // loader is not run again (it would hold the URL's update behind a round of the router's loading).
  shouldReload: ({ cause }) => cause !== 'stay',
  component: FlowsPage,
});
