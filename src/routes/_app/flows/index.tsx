import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FlowsPage } from '@/features/flows/flows-page';
import { flowsSearchDefaults, flowsSearchSchema } from '@/features/flows/flows-search';
import { loadFlowsList } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/')({
  validateSearch: flowsSearchSchema,
  search: { middlewares: [stripSearchParams(flowsSearchDefaults)] },
  loader: ({ context }) => loadFlowsList(context.queryClient),
  component: FlowsPage,
});
