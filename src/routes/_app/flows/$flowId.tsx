import { createFileRoute, notFound, stripSearchParams } from '@tanstack/react-router';
import { FlowPage } from '@/features/flows/flow-page';
import { flowPageSearchDefaults, flowPageSearchSchema } from '@/features/flows/flow-page-search';
import { parseIdParam } from '@/lib/route-params';
import { flowQueries } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/$flowId')({
  validateSearch: flowPageSearchSchema,
  search: { middlewares: [stripSearchParams(flowPageSearchDefaults)] },
  loader: async ({ context, params }) => {
    const flowId = parseIdParam(params.flowId);
    const flows = await context.queryClient.query({ ...flowQueries.list(), staleTime: 'static' });
    // The interface has no get-flow: an id the list lacks is a flow that does not exist.
    if (!flows.some((flow) => flow.id === flowId)) throw notFound();
    return { flowId };
  },
  component: function FlowRoute() {
    const { flowId } = Route.useLoaderData();
    return <FlowPage flowId={flowId} />;
  },
});
