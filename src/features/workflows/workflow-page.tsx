import { Group, Stack } from '@mantine/core';
import { ActivitySection } from '@/components/activity-section';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Workflow } from '@/api/workflows';
import { FreshnessBadge } from '@/components/freshness-badge';
import { PageHeader } from '@/components/page-header';
import { ScheduleLabel } from '@/components/schedule-label';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive } from '@/lib/run-status';
import { scheduleOf } from '@/lib/schedule-basics';
import { workflowQueries } from '@/resources/workflows';
import { WebhookTriggersSection } from './webhook-triggers-section';
import { WorkflowActions } from './workflow-actions';
import { WorkflowDefinitionSection } from './workflow-definition-section';
import { WorkflowEnabledSwitch } from './workflow-enabled-switch';
import { WorkflowFromList } from './workflow-from-list';
import type { WorkflowPageSearch } from './workflow-page-search';
import { WorkflowRunsSection } from './workflow-runs-section';
import { WorkflowStatusPanel } from './workflow-status-panel';

const route = getRouteApi('/_app/workflows/$workflowId');

export function WorkflowPage({ workflowId }: { workflowId: number }) {
  return <WorkflowFromList workflowId={workflowId}>{(workflow) => <WorkflowDetail workflow={workflow} />}</WorkflowFromList>;
}

function WorkflowDetail({ workflow }: { workflow: Workflow }) {
  const navigate = useNavigate();
  const search = route.useSearch();
  const navigateSearch = route.useNavigate();
  const setSearch = (patch: Partial<WorkflowPageSearch>) => {
    void navigateSearch({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  };
  // The one request this page repeats: the status with its last run's steps, fast while it runs.
  const status = useLiveQuery(workflowQueries.status(workflow.id), { isActive: isRunActive, scopes: [liveScopes.workflow(workflow.id)] });
  const running = status.data && !status.error ? isRunActive(status.data) : null;

  return (
    <>
      <PageHeader
        section="workflows"
        title={workflow.name}
        description={workflow.description}
        actions={<WorkflowActions workflow={workflow} running={running} onDeleted={() => void navigate({ to: '/workflows' })} />}
      />
      <Group mb="lg" align="flex-start" gap="xl">
        <WorkflowEnabledSwitch workflow={workflow} />
        <ScheduleLabel schedule={scheduleOf(workflow)} nextRunAt={workflow.nextRunAt} timeZone={workflow.timeZone} />
        <FreshnessBadge freshness={workflow.freshness} />
      </Group>
      <Stack gap={0}>
        <WorkflowStatusPanel status={status} workflowId={workflow.id} retries={workflow.retries.attempts} />
        <WorkflowDefinitionSection
          workflow={workflow}
          lastRun={status.data?.lastRun}
          view={search.view}
          onView={(view) => {
            setSearch({ view });
          }}
        />
        <WorkflowRunsSection
          workflowId={workflow.id}
          offset={search.runs}
          onOffset={(runs) => {
            setSearch({ runs });
          }}
          lastRun={status.data?.lastRun}
          retries={workflow.retries.attempts}
        />
        <WebhookTriggersSection workflowId={workflow.id} />
        <ActivitySection resourceType="workflow" resourceId={workflow.id} />
      </Stack>
    </>
  );
}
