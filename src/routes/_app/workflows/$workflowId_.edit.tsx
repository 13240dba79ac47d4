import { createFileRoute } from '@tanstack/react-router';
import { EditWorkflowPage } from '@/features/workflows/edit-workflow-page';
import { loadListedWorkflow } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId_/edit')({
  loader: async ({ context, params }) => ({ workflowId: await loadListedWorkflow(context.queryClient, params.workflowId) }),
  component: function EditWorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <EditWorkflowPage workflowId={workflowId} />;
  },
});
