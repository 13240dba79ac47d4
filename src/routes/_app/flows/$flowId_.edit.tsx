import { createFileRoute } from '@tanstack/react-router';
import { EditFlowPage } from '@/features/flows/edit-flow-page';
import { loadFlowRoute } from '@/resources/flows';

export const Route = createFileRoute('/_app/flows/$flowId_/edit')({
  loader: ({ context, params }) => loadFlowRoute(context, params.flowId),
  component: function EditFlowRoute() {
    const { flowId } = Route.useLoaderData();
    return <EditFlowPage flowId={flowId} />;
  },
});
