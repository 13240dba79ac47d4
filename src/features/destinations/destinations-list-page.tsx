import { Button, Table, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '@/components/anchor-link';
import { LifecycleBadge } from '@/components/lifecycle-badge';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { UnlistedNotice } from '@/components/unlisted-notice';
import { formatDateTime } from '@/lib/format';
import { destinationQueries } from '@/resources/destinations';
import { flowQueries } from '@/resources/flows';

function KnownDestinations() {
  const flows = useQuery(flowQueries.list());
  const ids = [...new Set((flows.data ?? []).map((flow) => flow.destination))].sort((a, b) => a - b);
  return (
    <UnlistedNotice
      what="destinations"
      knownIds={ids}
      renderLink={(id) => (
        <AnchorLink to="/destinations/$destinationId" params={{ destinationId: String(id) }}>
          Destination {id}
        </AnchorLink>
      )}
    />
  );
}

export function DestinationsPage({ limit, offset, onPage }: { limit: number; offset: number; onPage: (offset: number) => void }) {
  const { data: listing } = useSuspenseQuery(destinationQueries.list({ limit, offset }));
  return (
    <>
      <PageHeader
        title="Destinations"
        description="The stores your data is loaded into."
        actions={
          <Button component={Link} to="/destinations/new">
            New destination
          </Button>
        }
      />
      {!listing.available ? (
        <KnownDestinations />
      ) : listing.items.length === 0 && offset === 0 ? (
        <Text c="dimmed">No destinations yet. Create one from the gallery of destination specs.</Text>
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
              {listing.items.map((destination) => (
                <Table.Tr key={destination.id}>
                  <Table.Td>
                    <AnchorLink to="/destinations/$destinationId" params={{ destinationId: String(destination.id) }}>
                      {destination.displayName || `Destination ${String(destination.id)}`}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{destination.destinationSpec.displayName ?? destination.destinationSpec.name}</Table.Td>
                  <Table.Td>
                    <LifecycleBadge lifecycle={destination.destinationSpec.lifecycle} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(destination.updatedAt)}</Table.Td>
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
