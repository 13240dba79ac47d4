import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/errors';
import { DestinationPage } from '@/features/endpoints/destinations/destination-page';
import { parseIdParam } from '@/lib/route-params';
import { destinationQueries } from '@/resources/destinations';

export const Route = createFileRoute('/_app/destinations/$destinationId')({
  loader: async ({ params, context }) => {
    const destinationId = parseIdParam(params.destinationId);
    try {
      await context.queryClient.query({ ...destinationQueries.detail(destinationId), staleTime: 'static' });
    } catch (error) {
      if (isApiError(error, 'not_found')) throw notFound();
      throw error;
    }
    return { destinationId };
  },
  component: function DestinationRoute() {
    const { destinationId } = Route.useLoaderData();
    return <DestinationPage destinationId={destinationId} />;
  },
});
