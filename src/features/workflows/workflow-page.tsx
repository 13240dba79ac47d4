import { Badge, Group } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PlaceholderSection } from '@/components/placeholder-section';
import { ScheduleLabel } from '@/components/schedule-label';
import { scheduleOf } from '@/lib/schedule';
import { workflowQueries } from '@/lib/queries/workflow-queries';

/** The interface has no get-workflow operation: the workflow is read from the list. */
export function WorkflowPage({ workflowId }: { workflowId: number }) {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  const workflow = workflows.find((candidate) => candidate.id === workflowId);
  if (!workflow) return <ErrorState error={new ApiError('not_found', `Workflow ${String(workflowId)} does not exist.`)} />;
  return (
    <>
      <PageHeader title={workflow.name} description={workflow.description} />
      <Group mb="lg">
        <Badge color={workflow.enabled ? 'green' : 'gray'} variant="light">
          {workflow.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <ScheduleLabel schedule={scheduleOf(workflow)} />
      </Group>
      <PlaceholderSection>Status, run, cancel, delete and webhook triggers come with the flows and workflows work.</PlaceholderSection>
    </>
  );
}
