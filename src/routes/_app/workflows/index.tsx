import { createFileRoute } from '@tanstack/react-router';
import { WorkflowsPage } from '@/features/workflows/workflows-page';
import { workflowQueries } from '@/resources/workflows';

export const Route = createFileRoute('/_app/workflows/')({
  loader: ({ context }) => context.queryClient.query({ ...workflowQueries.list(), staleTime: 'static' }),
  component: WorkflowsPage,
});
