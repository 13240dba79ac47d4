import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/anchor-link';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { flowQueries } from '@/resources/flows';

/** The flows reading from this source (the interface lists all flows; they are filtered here). */
export function SourceFlows({ sourceId }: { sourceId: number }) {
  const flows = useQuery(flowQueries.list());
  if (flows.isPending) return <BlockSkeleton label="Loading flows" />;
  if (flows.isError) return <ErrorState error={flows.error} onRetry={() => void flows.refetch()} />;
  const mine = flows.data.filter((flow) => flow.source === sourceId);
  const newFlow = (
    <AnchorLink to="/flows/new" search={{ source: sourceId }} size="sm" fw={600}>
      + New flow from this source
    </AnchorLink>
  );
  if (mine.length === 0)
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed" size="sm">
          No flow reads from this source.
        </Text>
        {newFlow}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {newFlow}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Flow</Table.Th>
            <Table.Th>Destination</Table.Th>
            <Table.Th>Schedule</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mine.map((flow) => (
            <Table.Tr key={flow.id}>
              <Table.Td>
                <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }}>
                  {flow.displayName || `Flow ${String(flow.id)}`}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <AnchorLink to="/destinations/$destinationId" params={{ destinationId: String(flow.destination) }}>
                  Destination {flow.destination}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{flow.cron ?? flow.frequency ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
