import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditFlowPage } from '@/features/flows/edit-flow-page';
import { parseIdParam } from '@/lib/route-params';
import { flowQueries } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/$flowId_/edit')({
  loader: async ({ context, params }) => {
    const flowId = parseIdParam(params.flowId);
    const flows = await context.queryClient.query({ ...flowQueries.list(), staleTime: 'static' });
    // The interface has no get-flow: an id the list lacks is a flow that does not exist.
    if (!flows.some((flow) => flow.id === flowId)) throw notFound();
    return { flowId };
  },
  component: function EditFlowRoute() {
    const { flowId } = Route.useLoaderData();
    return <EditFlowPage flowId={flowId} />;
  },
});
