import { createFileRoute } from '@tanstack/react-router';
import { EditWorkflowPage } from '@/features/workflows/edit-workflow-page';
import { loadMultiSelect } from '@/features/workflows/use-multi-select';
import { loadWorkflowRoute } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId_/edit')({
  loader: ({ context, params }) => {
    // On intent (the router preloads on hover and focus), the steps' Waits for starts loading with the page.
    void loadMultiSelect();
    return loadWorkflowRoute(context.queryClient, params.workflowId);
  },
  component: function EditWorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <EditWorkflowPage workflowId={workflowId} />;
  },
});
