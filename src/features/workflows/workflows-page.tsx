import { Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/anchor-link';
import { ButtonLink } from '@/components/button-link';
import { PageHeader } from '@/components/page-header';
import { ScheduleLabel } from '@/components/schedule-label';
import { scheduleOf } from '@/lib/schedule';
import { workflowQueries } from '@/resources/workflows';
import { WorkflowEnabledSwitch } from './workflow-enabled-switch';
import { WorkflowStatusBadge } from './workflow-status-badge';

export function WorkflowsPage() {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  return (
    <>
      <PageHeader
        title="Workflows"
        description={`${String(workflows.length)} workflows: flows run together, in order.`}
        actions={<ButtonLink to="/workflows/new">New workflow</ButtonLink>}
      />
      {workflows.length === 0 ? (
        <Text c="dimmed">No workflows yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={110}>Enabled</Table.Th>
                <Table.Th w={190}>Schedule</Table.Th>
                <Table.Th w={190}>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {workflows.map((workflow) => (
                <Table.Tr key={workflow.id}>
                  <Table.Td>
                    <AnchorLink to="/workflows/$workflowId" params={{ workflowId: String(workflow.id) }} fw={500}>
                      {workflow.name}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {workflow.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <WorkflowEnabledSwitch workflow={workflow} label={false} />
                  </Table.Td>
                  <Table.Td>
                    <ScheduleLabel schedule={scheduleOf(workflow)} />
                  </Table.Td>
                  <Table.Td>
                    <WorkflowStatusBadge workflowId={workflow.id} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
