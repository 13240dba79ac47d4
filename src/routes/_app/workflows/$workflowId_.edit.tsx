import { createFileRoute } from '@tanstack/react-router';
import { EditWorkflowPage } from '@/features/workflows/edit-workflow-page';
import { loadWorkflowRoute } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId_/edit')({
  loader: ({ context, params }) => loadWorkflowRoute(context.queryClient, params.workflowId),
  component: function EditWorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <EditWorkflowPage workflowId={workflowId} />;
  },
});
