import { createFileRoute } from '@tanstack/react-router';
import { FlowPage } from '@/features/flows/flow-page';
import { flowQueries } from '@/lib/queries/flow-queries';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/flows/$flowId')({
  loader: ({ context, params }) => {
    parseIdParam(params.flowId);
    return context.queryClient.query({ ...flowQueries.list(), staleTime: 'static' });
  },
  component: function FlowRoute() {
    const { flowId } = Route.useParams();
    return <FlowPage flowId={Number(flowId)} />;
  },
});
