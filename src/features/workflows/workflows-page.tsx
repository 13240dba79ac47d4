import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Workflow } from '@/api/workflows';
import { AnchorLink } from '@/components/anchor-link';
import { ButtonLink } from '@/components/button-link';
import { FreshnessBadge } from '@/components/freshness-badge';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { ScheduleLabel } from '@/components/schedule-label';
import { PAGE_INTROS } from '@/lib/page-intros';
import { scheduleOf } from '@/lib/schedule-basics';
import { workflowQueries } from '@/resources/workflows';
import { WorkflowEnabledSwitch } from './workflow-enabled-switch';
import { WorkflowStatusBadge } from './workflow-status-badge';
import { PermittedLink } from '@/components/permitted';
import { usePermission } from '@/resources/identity';

const columns: Column<Workflow>[] = [
  {
    key: 'name',
    header: 'Name',
    primary: true,
    cell: (workflow) => (
      <AnchorLink to="/workflows/$workflowId" params={{ workflowId: String(workflow.id) }} fw={500}>
        {workflow.name}
      </AnchorLink>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    hideInCard: true,
    cell: (workflow) => (
      <Text size="sm" lineClamp={2}>
        {workflow.description}
      </Text>
    ),
  },
  {
    key: 'enabled',
    header: 'Enabled',
    width: 110,
    cell: (workflow) => <WorkflowEnabledSwitch workflow={workflow} label={false} />,
  },
  {
    key: 'schedule',
    header: 'Schedule',
    width: 190,
    cell: (workflow) => <ScheduleLabel schedule={scheduleOf(workflow)} nextRunAt={workflow.nextRunAt} timeZone={workflow.timeZone} />,
  },
  { key: 'freshness', header: 'Freshness', width: 120, cell: (workflow) => <FreshnessBadge freshness={workflow.freshness} size="sm" /> },
  { key: 'status', header: 'Status', width: 190, cell: (workflow) => <WorkflowStatusBadge workflowId={workflow.id} /> },
];

export function WorkflowsPage() {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  const mayCreate = usePermission('createWorkflow');
  return (
    <>
      <PageHeader
        title={PAGE_INTROS['/workflows'].title}
        description={`${String(workflows.length)} workflows: flows run together, in order.`}
        actions={
          <PermittedLink permission={mayCreate} link={<ButtonLink to="/workflows/new">New workflow</ButtonLink>}>
            New workflow
          </PermittedLink>
        }
      />
      {workflows.length === 0 ? (
        <Text c="dimmed">No workflows yet.</Text>
      ) : (
        <ResponsiveTable label="Workflows" columns={columns} rows={workflows} rowKey={(workflow) => workflow.id} minWidth={800} />
      )}
    </>
  );
}
