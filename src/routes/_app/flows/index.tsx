import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FlowsPage } from '@/features/flows/flows-page';
import { flowsSearchDefaults, flowsSearchSchema } from '@/features/flows/flows-search';
import { loadFlowsList } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/')({
  validateSearch: flowsSearchSchema,
  search: { middlewares: [stripSearchParams(flowsSearchDefaults)] },
  loader: ({ context }) => loadFlowsList(context.queryClient),
  // A change of search or filter stays on the page: its rows come from the cache the page watches, so the
  // loader is not run again (it would hold the URL's update behind a round of the router's loading).
  shouldReload: ({ cause }) => cause !== 'stay',
  component: FlowsPage,
});
