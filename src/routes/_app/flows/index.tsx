import { createFileRoute } from '@tanstack/react-router';
import { FlowsPage } from '@/features/flows/flows-page';
import { flowQueries } from '@/lib/queries/flow-queries';

export const Route = createFileRoute('/_app/flows/')({
  loader: ({ context }) => context.queryClient.query({ ...flowQueries.list(), staleTime: 'static' }),
  component: FlowsPage,
});
