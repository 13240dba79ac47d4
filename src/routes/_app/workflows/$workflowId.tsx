import { createFileRoute, notFound } from '@tanstack/react-router';
import { WorkflowPage } from '@/features/workflows/workflow-page';
import { parseIdParam } from '@/lib/route-params';
import { workflowQueries } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId')({
  loader: async ({ context, params }) => {
    const workflowId = parseIdParam(params.workflowId);
    const workflows = await context.queryClient.query({ ...workflowQueries.list(), staleTime: 'static' });
    // The interface has no get-workflow: an id the list lacks is a workflow that does not exist.
    if (!workflows.some((workflow) => workflow.id === workflowId)) throw notFound();
    return { workflowId };
  },
  component: function WorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <WorkflowPage workflowId={workflowId} />;
  },
});
