import { createFileRoute } from '@tanstack/react-router';
import { DestinationPage } from '@/features/destinations/destinations-pages';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/destinations/$destinationId')({
  loader: ({ params }) => ({ destinationId: parseIdParam(params.destinationId) }),
  component: function DestinationRoute() {
    const { destinationId } = Route.useLoaderData();
    return <DestinationPage destinationId={destinationId} />;
  },
});
