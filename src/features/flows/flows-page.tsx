import { Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/anchor-link';
import { PageHeader } from '@/components/page-header';
import { ScheduleLabel } from '@/components/schedule-label';
import { scheduleOf } from '@/lib/schedule';
import { flowQueries } from '@/lib/queries/flow-queries';

export function FlowsPage() {
  const { data: flows } = useSuspenseQuery(flowQueries.list());
  return (
    <>
      <PageHeader title="Flows" description={`${String(flows.length)} flows: a source, a destination and a schedule each.`} />
      {flows.length === 0 ? (
        <Text c="dimmed">No flows yet.</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th>Schedule</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flows.map((flow) => (
              <Table.Tr key={flow.id}>
                <Table.Td>
                  <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }}>
                    {flow.displayName || `Flow ${String(flow.id)}`}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>Source {flow.source}</Table.Td>
                <Table.Td>Destination {flow.destination}</Table.Td>
                <Table.Td><ScheduleLabel schedule={scheduleOf(flow)} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
