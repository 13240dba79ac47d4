import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { WorkflowPage } from '@/features/workflows/workflow-page';
import { workflowPageSearchDefaults, workflowPageSearchSchema } from '@/features/workflows/workflow-page-search';
import { loadWorkflowRoute } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId')({
  validateSearch: workflowPageSearchSchema,
  search: { middlewares: [stripSearchParams(workflowPageSearchDefaults)] },
  loader: ({ context, params }) => loadWorkflowRoute(context.queryClient, params.workflowId),
  component: function WorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <WorkflowPage workflowId={workflowId} />;
  },
});
