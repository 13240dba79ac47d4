import { useSuspenseQuery } from '@tanstack/react-query';
import { EndpointListPage } from '@/components/endpoint-list-page';
import type { EndpointListSearch } from '@/lib/list-search';
import { PAGE_INTROS } from '@/lib/page-intros';
import { sourceQueries, useDeleteSource } from '@/resources/sources';

export function SourcesPage({ search, onSearch }: { search: EndpointListSearch; onSearch: (patch: Partial<EndpointListSearch>) => void }) {
  const { data: listing } = useSuspenseQuery(sourceQueries.list());
  const remove = useDeleteSource();
  return (
    <EndpointListPage
      noun="source"
      description={PAGE_INTROS['/sources'].description}
      listing={listing}
      specOf={(source) => source.sourceSpec}
      search={search}
      onSearch={onSearch}
      remove={remove}
    />
  );
}
