import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Workflow } from '@/api/workflows';
import { NotFoundPage } from '@/components/not-found-page';
import { JsonTree } from '@/components/json-tree';
import { PageHeader } from '@/components/page-header';
import { ScheduleLabel } from '@/components/schedule-label';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive } from '@/lib/run-status';
import { scheduleOf } from '@/lib/schedule';
import { workflowQueries } from '@/resources/workflows';
import { WebhookTriggersSection } from './webhook-triggers-section';
import { WorkflowActions } from './workflow-actions';
import { WorkflowStatusPanel } from './workflow-status-panel';

/** The interface has no get-workflow operation: the workflow is read from the list (an unknown id: the not-found page). */
export function WorkflowPage({ workflowId }: { workflowId: number }) {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  const workflow = workflows.find((candidate) => candidate.id === workflowId);
  return workflow ? <WorkflowDetail workflow={workflow} /> : <NotFoundPage />;
}

/** Only mounted for a workflow that exists, so nothing keeps polling (or re-caching) a deleted one. */
function WorkflowDetail({ workflow }: { workflow: Workflow }) {
  const navigate = useNavigate();
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
      <Group mb="lg">
        <Badge color={workflow.enabled ? 'green' : 'gray'} variant="light">
          {workflow.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <ScheduleLabel schedule={scheduleOf(workflow)} />
      </Group>
      <Stack gap={0}>
        <WorkflowStatusPanel status={status} />
        <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="definition-title">
          <Title order={2} size="h4" id="definition-title" mb="sm">
            Definition
          </Title>
          <JsonTree value={workflow.definition} label="Workflow definition" />
          {workflow.nodeSchemas !== null && (
            <>
              <Title order={3} size="h5" mt="md" mb="xs">
                Node schemas
              </Title>
              <JsonTree value={workflow.nodeSchemas} label="Node schemas" />
            </>
          )}
        </Card>
        <WebhookTriggersSection workflowId={workflow.id} />
      </Stack>
    </>
  );
}
