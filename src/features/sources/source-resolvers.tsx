import { Accordion, Alert, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PropertyDefinition } from '@/api/common';
import type { Resolver } from '@/api/resolvers';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { BlockSkeleton } from '@/components/skeletons';
import { FAST_POLL_MS } from '@/lib/polling';
import { sourceQueries } from '@/resources/sources';

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

/** What discovery found for the source; refreshes while discovery is in progress. */
export function SourceResolvers({ sourceId }: { sourceId: number }) {
  const resolvers = useQuery({
    ...sourceQueries.resolvers(sourceId),
    refetchInterval: (query) => (query.state.data?.discoveryStatus?.status === 'in_progress' ? FAST_POLL_MS : false),
  });
  if (resolvers.isPending) return <BlockSkeleton label="Loading resolvers" />;
  if (resolvers.isError && !resolvers.data) return <ErrorState error={resolvers.error} onRetry={() => void resolvers.refetch()} />;
  const { discoveryStatus, discoveryRequired } = resolvers.data;
  const inProgress = discoveryStatus?.status === 'in_progress';
  return (
    <Stack gap="md">
      <Group gap="md" aria-label="Discovery status" role="group">
        <Text size="sm" fw={500}>
          Discovery
        </Text>
        {discoveryStatus ? (
          <>
            <Badge color={statusColors[discoveryStatus.status] ?? 'gray'} variant="light">
              {discoveryStatus.status.replaceAll('_', ' ')}
            </Badge>
            <Text size="sm">{discoveryStatus.resolverCount ?? resolvers.data.resolvers.length} resolvers</Text>
            <Text size="sm" c="dimmed">
              {discoveryStatus.timestamp ? <DateTime value={discoveryStatus.timestamp} /> : 'never'}
            </Text>
          </>
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
      {inProgress && (
        <Stack gap={4}>
          <Progress value={100} animated striped aria-label="Discovery in progress" />
          <Text size="xs" c="dimmed">
            Discovering resolvers… this list refreshes every {FAST_POLL_MS / 1000} s until it ends.
          </Text>
        </Stack>
      )}
      {discoveryStatus?.error && (
        <Alert color="red" title="Discovery failed" role="alert">
          {discoveryStatus.error}
        </Alert>
      )}
      {resolvers.isError && <ErrorState error={resolvers.error} />}
      {resolvers.data.resolvers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No resolvers yet.
        </Text>
      ) : (
        <Accordion multiple variant="separated">
          {resolvers.data.resolvers.map((resolver) => (
            <Accordion.Item key={resolver.name} value={resolver.name}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={500}>{resolver.name}</Text>
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
                  {resolver.suppressed && (
                    <Badge color="gray" size="sm">
                      Suppressed
                    </Badge>
                  )}
                  {resolver.maskedByDefault && (
                    <Badge color="violet" size="sm">
                      Masked by default
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {resolver.notes && <Text size="sm">{resolver.notes}</Text>}
                  <ResolverDefinitions resolver={resolver} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
