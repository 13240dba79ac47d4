import { useSuspenseQuery } from '@tanstack/react-query';
import { EndpointListPage } from '@/components/endpoint-list-page';
import { destinationQueries } from '@/resources/destinations';

export function DestinationsPage({ limit, offset, onPage }: { limit: number; offset: number; onPage: (offset: number) => void }) {
  const { data: listing } = useSuspenseQuery(destinationQueries.list({ limit, offset }));
  return (
    <EndpointListPage
      noun="destination"
      description="The stores your data is loaded into."
      listing={listing}
      specOf={(destination) => destination.destinationSpec}
      limit={limit}
      offset={offset}
      onPage={onPage}
    />
  );
}
