import { createFileRoute } from '@tanstack/react-router';
import { WorkflowPage } from '@/features/workflows/workflow-page';
import { parseIdParam } from '@/lib/route-params';
import { workflowQueries } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/$workflowId')({
  loader: async ({ context, params }) => {
    const workflowId = parseIdParam(params.workflowId);
    await context.queryClient.query({ ...workflowQueries.list(), staleTime: 'static' });
    return { workflowId };
  },
  component: function WorkflowRoute() {
    const { workflowId } = Route.useLoaderData();
    return <WorkflowPage workflowId={workflowId} />;
  },
});
