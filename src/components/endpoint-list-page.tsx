import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SpecLifecycle } from '@/api/common';
import { flowQueries } from '@/resources/flows';
import type { Listing } from '@/resources/listing';
import { AnchorLink } from './anchor-link';
import { DateTime } from './date-time';
import { type EndpointNoun, endpointFallbackName, endpointPage, endpointTitle, newEndpointPage } from './endpoint-noun';
import { LifecycleBadge } from './lifecycle-badge';
import { ListPager } from './list-pager';
import { PageHeader } from './page-header';
import { type Column, ResponsiveTable } from './responsive-table/responsive-table';
import { UnlistedNotice } from './unlisted-notice';

interface Endpoint {
  id: number;
  displayName: string;
  updatedAt: string | null;
}

interface EndpointListPageProps<T extends Endpoint> {
  noun: EndpointNoun;
  description: string;
  listing: Listing<T>;
  /** A source's spec is `sourceSpec`, a destination's `destinationSpec`. */
  specOf: (item: T) => { name: string; displayName: string | null; lifecycle: SpecLifecycle | null };
  limit: number;
  offset: number;
  onPage: (offset: number) => void;
}

/** Where the service cannot list them, the ones the flows reference. */
function KnownEndpoints({ noun }: { noun: EndpointNoun }) {
  const flows = useQuery(flowQueries.list());
  const ids = [...new Set((flows.data ?? []).map((flow) => flow[noun]))].sort((a, b) => a - b);
  return (
    <UnlistedNotice
      what={`${noun}s`}
      knownIds={ids}
      renderLink={(id) => <AnchorLink {...endpointPage(noun, id)}>{endpointFallbackName(noun, id)}</AnchorLink>}
    />
  );
}

function endpointColumns<T extends Endpoint>(noun: EndpointNoun, specOf: EndpointListPageProps<T>['specOf']): Column<T>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      primary: true,
      cell: (item) => <AnchorLink {...endpointPage(noun, item.id)}>{item.displayName || endpointFallbackName(noun, item.id)}</AnchorLink>,
    },
    {
      key: 'spec',
      header: 'Spec',
      cell: (item) => {
        const spec = specOf(item);
        return spec.displayName ?? spec.name;
      },
    },
    { key: 'lifecycle', header: 'Lifecycle', hideInCard: true, cell: (item) => <LifecycleBadge lifecycle={specOf(item).lifecycle} /> },
    { key: 'updated', header: 'Updated', cell: (item) => <DateTime value={item.updatedAt} /> },
  ];
}

/** The sources or destinations page: one page of them with their spec, or what is known where the service cannot list them. */
export function EndpointListPage<T extends Endpoint>({ noun, description, listing, specOf, limit, offset, onPage }: EndpointListPageProps<T>) {
  return (
    <>
      <PageHeader
        title={`${endpointTitle(noun)}s`}
        description={description}
        actions={
          <Button component={Link} to={newEndpointPage(noun)}>
            New {noun}
          </Button>
        }
      />
      {!listing.available ? (
        <KnownEndpoints noun={noun} />
      ) : listing.items.length === 0 && offset === 0 ? (
        <Text c="dimmed">
          No {noun}s yet. Create one from a {noun} spec.
        </Text>
      ) : (
        <>
          <ResponsiveTable label={`${endpointTitle(noun)}s`} columns={endpointColumns(noun, specOf)} rows={listing.items} rowKey={(item) => item.id} />
          <ListPager offset={offset} limit={limit} count={listing.items.length} onChange={onPage} />
        </>
      )}
    </>
  );
}
