import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FlowPage } from '@/features/flows/flow-page';
import { flowPageSearchDefaults, flowPageSearchSchema } from '@/features/flows/flow-page-search';
import { loadFlowRoute } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/$flowId')({
  validateSearch: flowPageSearchSchema,
  search: { middlewares: [stripSearchParams(flowPageSearchDefaults)] },
  loader: ({ context, params }) => loadFlowRoute(context.queryClient, params.flowId),
  component: function FlowRoute() {
    const { flowId } = Route.useLoaderData();
    return <FlowPage flowId={flowId} />;
  },
});
