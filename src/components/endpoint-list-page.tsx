import { ActionIcon, Button, Group, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type UseMutationResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import type { SpecLifecycle } from '@/api/common';
import type { Flow } from '@/api/flows';
import { formatDateTime } from '@/lib/format';
import type { EndpointListSearch, EndpointSort } from '@/lib/list-search';
import { useUsedBy } from '@/resources/endpoints';
import { flowQueries } from '@/resources/flows';
import type { Listing } from '@/resources/listing';
import { AnchorLink } from './anchor-link';
import { EndpointDeleteDialog } from './endpoint-delete-dialog';
import { type EndpointNoun, endpointFallbackName, endpointPage, endpointTitle, newEndpointPage } from './endpoint-noun';
import { filterEndpointRows, toEndpointRows } from './filter-endpoints';
import { LifecycleBadge } from './lifecycle-badge';
import { ListPager } from './list-pager';
import { PageHeader } from './page-header';
import { UnlistedNotice } from './unlisted-notice';
import { UrlSearchField } from './url-search-field';

interface Endpoint {
  id: number;
  displayName: string;
  updatedAt: string | null;
}

interface EndpointListPageProps<T extends Endpoint> {
  noun: EndpointNoun;
  description: string;
  /** Every one of them (the page searches, sorts and pages them itself). */
  listing: Listing<T>;
  /** A source's spec is `sourceSpec`, a destination's `destinationSpec`. */
  specOf: (item: T) => { name: string; displayName: string | null; lifecycle: SpecLifecycle | null };
  search: EndpointListSearch;
  onSearch: (patch: Partial<EndpointListSearch>) => void;
  remove: UseMutationResult<true, Error, number>;
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

/** A column header that sorts by it; a second click turns the direction. */
function SortHeader({ label, sort, search, onSearch }: { label: string; sort: EndpointSort } & Pick<EndpointListPageProps<Endpoint>, 'search' | 'onSearch'>) {
  const active = search.sort === sort;
  return (
    <Table.Th aria-sort={active ? (search.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton
        fw={600}
        fz="sm"
        onClick={() => {
          onSearch({ sort, dir: active && search.dir === 'asc' ? 'desc' : 'asc', offset: 0 });
        }}
      >
        {label}{' '}
        <Text span c={active ? undefined : 'dimmed'} aria-hidden>
          {active ? (search.dir === 'asc' ? '↑' : '↓') : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The sources or destinations page: searched and sorted in the URL, each with its spec, the flows that use it, and Delete. */
export function EndpointListPage<T extends Endpoint>({ noun, description, listing, specOf, search, onSearch, remove }: EndpointListPageProps<T>) {
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
  const closeDialog = () => {
    setDeleting(null);
    remove.reset();
  };

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
      ) : total === 0 ? (
        <Text c="dimmed">
          No {noun}s yet. Create one from a {noun} spec.
        </Text>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
            <UrlSearchField
              label="Search"
              placeholder="Name, id, spec, flow"
              w={{ base: '100%', xs: 320 }}
              q={search.q}
              onQueryInput={setTyped}
              onCommit={(q) => {
                setTyped(null);
                onSearch({ q, offset: 0 });
              }}
            />
            <Text size="sm" c="dimmed" role="status">
              {q.trim() === '' ? `${String(total)} ${noun}s` : `${String(rows.length)} of ${String(total)} ${noun}s match`}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader label="Name" sort="name" search={search} onSearch={onSearch} />
                  <SortHeader label="Spec" sort="spec" search={search} onSearch={onSearch} />
                  <SortHeader label="Used by" sort="usedBy" search={search} onSearch={onSearch} />
                  <SortHeader label="Updated" sort="updated" search={search} onSearch={onSearch} />
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map(({ item, name, usedBy: flows }) => {
                  const spec = specOf(item);
                  return (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <AnchorLink {...endpointPage(noun, item.id)}>{name}</AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          <Text size="sm">{spec.displayName ?? spec.name}</Text>
                          <LifecycleBadge lifecycle={spec.lifecycle} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <UsedByCell flows={usedBy ? flows : undefined} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(item.updatedAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={`Delete ${name}`}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${name}`}
                            onClick={() => {
                              remove.reset();
                              setDeleting({ id: item.id, name });
                            }}
                          >
                            ✕
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
        onClose={closeDialog}
      />
    </>
  );
}
