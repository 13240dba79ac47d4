import { createFileRoute } from '@tanstack/react-router';
import { EditWorkflowPage } from '@/features/workflows/edit-workflow-page';
import { parseIdParam } from '@/lib/route-params';
import { workflowQueries } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId_/edit')({
  loader: async ({ context, params }) => {
    const workflowId = parseIdParam(params.workflowId);
    await context.queryClient.query({ ...workflowQueries.list(), staleTime: 'static' });
    return { workflowId };
  },
  component: function EditWorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <EditWorkflowPage workflowId={workflowId} />;
  },
});
