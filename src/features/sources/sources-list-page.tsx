import { Button, Table, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '@/components/anchor-link';
import { LifecycleBadge } from '@/components/lifecycle-badge';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { UnlistedNotice } from '@/components/unlisted-notice';
import { formatDateTime } from '@/lib/format';
import { flowQueries } from '@/resources/flows';
import { sourceQueries } from '@/resources/sources';

function KnownSources() {
  const flows = useQuery(flowQueries.list());
  const ids = [...new Set((flows.data ?? []).map((flow) => flow.source))].sort((a, b) => a - b);
  return (
    <UnlistedNotice
      what="sources"
      knownIds={ids}
      renderLink={(id) => (
        <AnchorLink to="/sources/$sourceId" params={{ sourceId: String(id) }}>
          Source {id}
        </AnchorLink>
      )}
    />
  );
}

export function SourcesPage({ limit, offset, onPage }: { limit: number; offset: number; onPage: (offset: number) => void }) {
  const { data: listing } = useSuspenseQuery(sourceQueries.list({ limit, offset }));
  return (
    <>
      <PageHeader
        title="Sources"
        description="Connections to the systems your data comes from."
        actions={
          <Button component={Link} to="/sources/new">
            New source
          </Button>
        }
      />
      {!listing.available ? (
        <KnownSources />
      ) : listing.items.length === 0 && offset === 0 ? (
        <Text c="dimmed">No sources yet. Create one from a source spec.</Text>
      ) : (
        <>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Spec</Table.Th>
                <Table.Th>Lifecycle</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listing.items.map((source) => (
                <Table.Tr key={source.id}>
                  <Table.Td>
                    <AnchorLink to="/sources/$sourceId" params={{ sourceId: String(source.id) }}>
                      {source.displayName || `Source ${String(source.id)}`}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{source.sourceSpec.displayName ?? source.sourceSpec.name}</Table.Td>
                  <Table.Td>
                    <LifecycleBadge lifecycle={source.sourceSpec.lifecycle} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(source.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPager offset={offset} limit={limit} count={listing.items.length} onChange={onPage} />
        </>
      )}
    </>
  );
}
