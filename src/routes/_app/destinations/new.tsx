import { createFileRoute } from '@tanstack/react-router';
import { destinationKind } from '@/features/endpoints/destinations/destination-kind';
import { NewEndpointPage } from '@/features/endpoints/new-endpoint-page';

export const Route = createFileRoute('/_app/destinations/new')({
  component: function NewDestinationRoute() {
    return <NewEndpointPage kind={destinationKind} />;
  },
});
