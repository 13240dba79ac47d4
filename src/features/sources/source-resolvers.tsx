import { Accordion, Alert, Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Resolver } from '@/api/resolvers';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { FAST_POLL_MS } from '@/lib/polling';
import { sourceQueries } from '@/resources/sources';

const statusColors: Record<string, string> = { in_progress: 'blue', completed: 'teal', succeeded: 'teal', failed: 'red', error: 'red' };

function ResolverDefinitions({ resolver }: { resolver: Resolver }) {
  if (resolver.propertyDefinitions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No property definitions.
      </Text>
    );
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Property</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Required</Table.Th>
          <Table.Th>Description</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {resolver.propertyDefinitions.map((definition) => (
          <Table.Tr key={definition.name}>
            <Table.Td>{definition.displayName ?? definition.name}</Table.Td>
            <Table.Td>{definition.type}</Table.Td>
            <Table.Td>{definition.required ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>{definition.description ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
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
