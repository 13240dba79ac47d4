import { useSuspenseQuery } from '@tanstack/react-query';
import { EndpointListPage } from '@/components/endpoint-list-page';
import type { EndpointListSearch } from '@/lib/list-search';
import { PAGE_INTROS } from '@/lib/page-intros';
import { destinationQueries, useDeleteDestination } from '@/resources/destinations';

export function DestinationsPage({ search, onSearch }: { search: EndpointListSearch; onSearch: (patch: Partial<EndpointListSearch>) => void }) {
  const { data: listing } = useSuspenseQuery(destinationQueries.list());
  const remove = useDeleteDestination();
  return (
    <EndpointListPage
      noun="destination"
      description={PAGE_INTROS['/destinations'].description}
      listing={listing}
      specOf={(destination) => destination.destinationSpec}
      search={search}
      onSearch={onSearch}
      remove={remove}
    />
  );
}
