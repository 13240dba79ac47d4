import { useSuspenseQuery } from '@tanstack/react-query';
import { EndpointListPage } from '@/components/endpoint-list-page';
import { sourceQueries } from '@/resources/sources';

export function SourcesPage({ limit, offset, onPage }: { limit: number; offset: number; onPage: (offset: number) => void }) {
  const { data: listing } = useSuspenseQuery(sourceQueries.list({ limit, offset }));
  return (
    <EndpointListPage
      noun="source"
      description="Connections to the systems your data comes from."
      listing={listing}
      specOf={(source) => source.sourceSpec}
      limit={limit}
      offset={offset}
      onPage={onPage}
    />
  );
}
