import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PropertyDefinition } from '@/api/common';
import type { Resolver, ResolverList } from '@/api/resolvers';
import { ErrorState, withNotFoundMeaning } from '@/components/error-state';
import { LiveStamp } from '@/components/live-stamp';
import { PermittedButton, PermittedSwitch } from '@/components/permitted';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { BlockSkeleton } from '@/components/skeletons';
import { TimeAgo } from '@/components/time-ago';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { usePermission } from '@/resources/identity';
import { isDiscovering, sourceQueries, useDiscoverResolvers, useUpdateResolvers } from '@/resources/sources';

const statusColors: Record<string, string> = { in_progress: 'blue', completed: 'teal', succeeded: 'teal', failed: 'red', error: 'red' };

const definitionColumns: Column<PropertyDefinition>[] = [
  { key: 'property', header: 'Property', primary: true, cell: (definition) => definition.displayName ?? definition.name },
  { key: 'type', header: 'Type', cell: (definition) => definition.type },
  { key: 'required', header: 'Required', cell: (definition) => (definition.required ? 'Yes' : 'No') },
  { key: 'description', header: 'Description', cell: (definition) => definition.description ?? '—' },
];

function ResolverDefinitions({ resolver }: { resolver: Resolver }) {
  if (resolver.propertyDefinitions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No property definitions.
      </Text>
    );
  return (
    <ResponsiveTable
      label={`Properties of ${resolver.name}`}
      columns={definitionColumns}
      rows={resolver.propertyDefinitions}
      rowKey={(definition) => definition.name}
    />
  );
}

/**
 * When the listed resolvers were found: Flowdeck's service says so (`discoveredAt`); elsewhere the status's
 * own time is that moment once a discovery has finished well.
 */
function lastDiscoveredAt({ discoveryStatus }: ResolverList): string | null {
  if (!discoveryStatus) return null;
  if (discoveryStatus.discoveredAt) return discoveryStatus.discoveredAt;
  return discoveryStatus.status === 'succeeded' || discoveryStatus.status === 'completed' ? discoveryStatus.timestamp : null;
}

/** Discover now, or Retry after a failure; while one runs, the button says so and waits. */
function DiscoverButton({ sourceId, list }: { sourceId: number; list: ResolverList }) {
  const discover = useDiscoverResolvers(sourceId);
  const running = isDiscovering(list);
  const failed = list.discoveryStatus?.status === 'failed';
  const permission = usePermission('discoverResolvers');
  return (
    <Stack gap={4} align="flex-end">
      <PermittedButton
        permission={permission}
        variant={failed ? 'filled' : 'light'}
        loading={discover.isPending}
        disabled={running}
        onClick={() => {
          discover.mutate();
        }}
      >
        {running ? 'Discovering…' : failed ? 'Retry discovery' : 'Discover now'}
      </PermittedButton>
      {discover.isError && (
        <ErrorState
          error={withNotFoundMeaning(discover.error, 'The service answered “not found”: it cannot start discovery on request, or the source is gone.')}
        />
      )}
    </Stack>
  );
}

/** What discovery found and which of it a run loads: each resolver turned on or off, its details on demand. */
function ResolverTable({ sourceId, resolvers }: { sourceId: number; resolvers: Resolver[] }) {
  const choose = useUpdateResolvers(sourceId);
  const mayChoose = usePermission('updateResolvers');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const pending = choose.isPending ? choose.variables.resolvers.map((resolver) => resolver.name) : [];
  const toggle = (name: string) => {
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  };
  const columns: Column<Resolver>[] = [
    {
      key: 'resolver',
      header: 'Resolver',
      primary: true,
      cell: (resolver) => (
        <Stack gap={4}>
          <Group gap={6}>
            <Text fw={500} c={resolver.suppressed ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {resolver.name}
            </Text>
            {resolver.suppressed && (
              <Badge color="gray" size="sm">
                Not loaded
              </Badge>
            )}
            {resolver.maskedByDefault && (
              <Badge color="violet" size="sm">
                Masked by default
              </Badge>
            )}
          </Group>
          {resolver.notes && (
            <Text size="xs" c="dimmed">
              {resolver.notes}
            </Text>
          )}
          {/* Its details open under its name, in the table and on a phone's card alike. */}
          {open.has(resolver.name) && <ResolverDefinitions resolver={resolver} />}
        </Stack>
      ),
    },
    {
      key: 'load',
      header: 'Load',
      width: 80,
      cell: (resolver) => (
        <PermittedSwitch
          permission={mayChoose}
          aria-label={`Load ${resolver.name}`}
          checked={!resolver.suppressed}
          disabled={pending.includes(resolver.name)}
          onChange={(event) => {
            choose.mutate({ resolvers: [{ name: resolver.name, suppressed: !event.currentTarget.checked }] });
          }}
        />
      ),
    },
    {
      key: 'kind',
      header: 'Kind',
      cell: (resolver) => (
        <Group gap={4}>
          {resolver.type && (
            <Badge variant="outline" size="sm">
              {resolver.type}
            </Badge>
          )}
          {resolver.category && (
            <Badge variant="default" size="sm">
              {resolver.category}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'details',
      header: '',
      align: 'right',
      cell: (resolver) => (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open.has(resolver.name)}
          aria-label={`Details of ${resolver.name}`}
          onClick={() => {
            toggle(resolver.name);
          }}
        >
          {open.has(resolver.name) ? 'Hide details' : 'Details'}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      {choose.isError && (
        <ErrorState error={withNotFoundMeaning(choose.error, 'The service answered “not found”: it cannot turn resolvers on or off, or the source is gone.')} />
      )}
      <ResponsiveTable label="Resolvers" columns={columns} rows={resolvers} rowKey={(resolver) => resolver.name} />
    </Stack>
  );
}

/** What discovery found for the source and what a run loads of it; polls fast while discovery is in progress. */
export function SourceResolvers({ sourceId }: { sourceId: number }) {
  const resolvers = useLiveQuery(sourceQueries.resolvers(sourceId), { isActive: isDiscovering, scopes: [liveScopes.source(sourceId)] });
  if (resolvers.isPending) return <BlockSkeleton label="Loading resolvers" />;
  if (resolvers.isError && !resolvers.data) return <ErrorState error={resolvers.error} onRetry={() => void resolvers.refetch()} />;
  const list = resolvers.data;
  const { discoveryStatus, discoveryRequired } = list;
  const inProgress = isDiscovering(list);
  const discoveredAt = lastDiscoveredAt(list);
  const loaded = list.resolvers.filter((resolver) => !resolver.suppressed).length;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A resolver is one thing this source can read: a table, a file or an API endpoint, found by discovery. A run loads every resolver turned on here.
      </Text>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Group gap="md" aria-label="Discovery status" role="group">
            <Text size="sm" fw={500}>
              Discovery
            </Text>
            {discoveryStatus ? (
              <Badge color={statusColors[discoveryStatus.status] ?? 'gray'} variant="light">
                {discoveryStatus.status.replaceAll('_', ' ')}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                No discovery status reported.
              </Text>
            )}
            {discoveryRequired && (
              <Badge color="orange" variant="light">
                Discovery required
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {discoveredAt ? (
              <>
                Last discovered <TimeAgo iso={discoveredAt} />
              </>
            ) : (
              'Not discovered yet'
            )}
            {' · '}
            {list.resolvers.length === 0 ? 'no resolvers' : `${String(loaded)} of ${String(list.resolvers.length)} resolvers loaded by runs`}
          </Text>
        </Stack>
        <DiscoverButton sourceId={sourceId} list={list} />
      </Group>
      {inProgress && (
        <Stack gap={4}>
          <Progress value={100} animated striped aria-label="Discovery in progress" />
          <Text size="xs" c="dimmed">
            Discovering resolvers… this list refreshes every few seconds until it ends.
          </Text>
        </Stack>
      )}
      {discoveryStatus?.error && (
        <Alert color="red" title="Discovery failed" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {discoveryStatus.error}
          </Text>
        </Alert>
      )}
      <LiveStamp updatedAt={resolvers.dataUpdatedAt} error={resolvers.error} isFetching={resolvers.isFetching} onRetry={() => void resolvers.refetch()} />
      {list.resolvers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No resolvers yet.
        </Text>
      ) : (
        <ResolverTable sourceId={sourceId} resolvers={list.resolvers} />
      )}
    </Stack>
  );
}
