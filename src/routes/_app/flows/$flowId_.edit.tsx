import { createFileRoute } from '@tanstack/react-router';
import { EditFlowPage } from '@/features/flows/edit-flow-page';
import { parseIdParam } from '@/lib/route-params';
import { flowQueries } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/$flowId_/edit')({
  loader: async ({ context, params }) => {
    const flowId = parseIdParam(params.flowId);
    await context.queryClient.query({ ...flowQueries.list(), staleTime: 'static' });
    return { flowId };
  },
  component: function EditFlowRoute() {
    const { flowId } = Route.useLoaderData();
    return <EditFlowPage flowId={flowId} />;
  },
});
