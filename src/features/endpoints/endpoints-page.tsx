import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { PermittedLink } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import type { Flow } from '@/api/flows';
import { AnchorLink } from '@/components/anchor-link';
import { DateTime } from '@/components/date-time';
import { LifecycleBadge } from '@/components/lifecycle-badge';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { SortControl } from '@/components/sort-control';
import { UnlistedNotice } from '@/components/unlisted-notice';
import { UrlSearchField } from '@/components/url-search-field';
import { type EndpointNoun, endpointFallbackName, endpointPage, endpointTitle, newEndpointPage } from '@/lib/endpoint-names';
import type { EndpointListSearch, EndpointSort } from '@/lib/list-search';
import { useUsedBy } from '@/resources/endpoints';
import { flowQueries } from '@/resources/flows';
import { EndpointDeleteDialog } from './endpoint-delete-dialog';
import type { Endpoint, EndpointKind } from './endpoint-kind';
import { type EndpointRow, filterEndpointRows, toEndpointRows } from './filter-endpoints';

interface EndpointsPageProps<T extends Endpoint, C> {
  kind: EndpointKind<T, C>;
  /** The URL's search, as the route validated it; the page writes it back as it changes. */
  search: EndpointListSearch;
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

const SHOWN_FLOWS = 3;

/** The flows that use it, linked; a long list is cut short with how many more. */
function UsedByCell({ flows }: { flows: readonly Flow[] | undefined }) {
  if (flows === undefined) return <Text c="dimmed">…</Text>;
  if (flows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No flow
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      {flows.slice(0, SHOWN_FLOWS).map((flow, index) => (
        <span key={flow.id}>
          <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }} size="sm">
            {flow.displayName || `Flow ${String(flow.id)}`}
          </AnchorLink>
          {index < Math.min(flows.length, SHOWN_FLOWS) - 1 && ','}
        </span>
      ))}
      {flows.length > SHOWN_FLOWS && (
        <Text span size="sm" c="dimmed">
          and {flows.length - SHOWN_FLOWS} more
        </Text>
      )}
    </Group>
  );
}

const sortOptions: { value: EndpointSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'spec', label: 'Spec' },
  { value: 'usedBy', label: 'How many flows use it' },
  { value: 'updated', label: 'Last updated' },
];

function endpointColumns<T extends Endpoint>(
  noun: EndpointNoun,
  specOf: EndpointKind<T, unknown>['specOf'],
  flowsKnown: boolean,
  onDelete: (row: EndpointRow<T>) => void,
): Column<EndpointRow<T>>[] {
  return [
    { key: 'name', header: 'Name', primary: true, cell: ({ item, name }) => <AnchorLink {...endpointPage(noun, item.id)}>{name}</AnchorLink> },
    { key: 'spec', header: 'Spec', cell: ({ spec }) => spec },
    { key: 'lifecycle', header: 'Lifecycle', hideInCard: true, cell: ({ item }) => <LifecycleBadge lifecycle={specOf(item).lifecycle} /> },
    { key: 'usedBy', header: 'Used by', cell: ({ usedBy }) => <UsedByCell flows={flowsKnown ? usedBy : undefined} /> },
    { key: 'updated', header: 'Updated', cell: ({ item }) => <DateTime value={item.updatedAt} /> },
    {
      key: 'actions',
      header: '',
      align: 'right',
      cell: (row) => (
        <Tooltip label={`Delete ${row.name}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.name}`}
            onClick={() => {
              onDelete(row);
            }}
          >
            ✕
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
}

/** The sources or destinations page: searched and sorted in the URL, each with its spec, the flows that use it, and Delete. */
export function EndpointsPage<T extends Endpoint, C>({ kind, search }: EndpointsPageProps<T, C>) {
  const { noun, specOf } = kind;
  const navigate = useNavigate();
  // Typing replaces the history entry, so Back leaves the list rather than undoing letters.
  const onSearch = (patch: Partial<EndpointListSearch>) =>
    void navigate({ to: kind.listPage, search: { ...search, ...patch }, replace: patch.q !== undefined });
  const listing = kind.useAll();
  const remove = kind.useDelete();
  const usedBy = useUsedBy(noun);
  const [typed, setTyped] = useState<string | null>(null);
  const q = useDeferredValue(typed ?? search.q);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  // Short lists next to the flows: computed on each render, no memo needed.
  const allRows = toEndpointRows(
    listing.items,
    (item) => {
      const spec = specOf(item);
      return { name: item.displayName || endpointFallbackName(noun, item.id), spec: spec.displayName ?? spec.name };
    },
    usedBy,
  );
  const rows = filterEndpointRows(allRows, { q, sort: search.sort, dir: search.dir });
  const page = rows.slice(search.offset, search.offset + search.limit);
  const total = listing.items.length;
  const columns = endpointColumns(noun, specOf, usedBy !== undefined, (row) => {
    remove.reset();
    setDeleting({ id: row.item.id, name: row.name });
  });

  const mayCreate = usePermission(kind.operations.create);
  return (
    <>
      <PageHeader
        title={`${endpointTitle(noun)}s`}
        description={kind.intro}
        actions={
          <PermittedLink
            permission={mayCreate}
            link={
              <Button component={Link} to={newEndpointPage(noun)}>
                New {noun}
              </Button>
            }
          >
            New {noun}
          </PermittedLink>
        }
      />
      {!listing.available ? (
        <KnownEndpoints noun={noun} />
      ) : total === 0 ? (
        <Text c="dimmed">
          No {noun}s yet. Create one from a {noun} spec.
        </Text>
      ) : (
        <>
          <Group gap="sm" mb="xs" align="flex-end" wrap="wrap">
            <UrlSearchField
              label="Search"
              placeholder="Name, id, spec, flow"
              w={{ base: '100%', xs: 280 }}
              q={search.q}
              onQueryInput={setTyped}
              onCommit={(next) => {
                setTyped(null);
                onSearch({ q: next, offset: 0 });
              }}
            />
            <SortControl
              options={sortOptions}
              sort={search.sort}
              dir={search.dir}
              onChange={(patch) => {
                onSearch({ ...patch, offset: 0 });
              }}
            />
          </Group>
          <Text size="sm" c="dimmed" role="status" mb="xs">
            {q.trim() === '' ? `${String(total)} ${noun}s` : `${String(rows.length)} of ${String(total)} ${noun}s match`}
          </Text>
          <ResponsiveTable label={`${endpointTitle(noun)}s`} columns={columns} rows={page} rowKey={(row) => row.item.id} />
          {rows.length === 0 && (
            <Text c="dimmed" size="sm" mt="sm">
              No {noun} matches “{q}”.
            </Text>
          )}
          <ListPager
            offset={search.offset}
            limit={search.limit}
            count={page.length}
            total={rows.length}
            onChange={(offset) => {
              onSearch({ offset });
            }}
          />
        </>
      )}
      <EndpointDeleteDialog
        noun={noun}
        endpoint={deleting}
        usedBy={deleting && usedBy ? (usedBy.get(deleting.id) ?? []) : undefined}
        remove={remove}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}
