import { createFileRoute } from '@tanstack/react-router';
import { WorkflowPage } from '@/features/workflows/workflow-page';
import { workflowQueries } from '@/lib/queries/workflow-queries';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/workflows/$workflowId')({
  loader: ({ context, params }) => {
    parseIdParam(params.workflowId);
    return context.queryClient.query({ ...workflowQueries.list(), staleTime: 'static' });
  },
  component: function WorkflowRoute() {
    const { workflowId } = Route.useParams();
    return <WorkflowPage workflowId={Number(workflowId)} />;
  },
});
