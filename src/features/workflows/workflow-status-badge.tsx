import { Group } from '@mantine/core';
import { InlineSkeleton } from '@/components/skeletons';
import { StatusBadge } from '@/components/status-badge';
import { TimeAgo } from '@/components/time-ago';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive, runStateOf } from '@/lib/run-status';
import { workflowQueries } from '@/resources/workflows';

/** A workflow's current state in a list row, live (fast while it runs). */
export function WorkflowStatusBadge({ workflowId }: { workflowId: number }) {
  const { data, isError } = useLiveQuery(workflowQueries.status(workflowId), {
    isActive: isRunActive,
    scopes: [liveScopes.workflow(workflowId)],
    staleTime: 15_000,
  });
  if (isError && !data) return <span aria-label="Status unavailable">?</span>;
  if (!data) return <InlineSkeleton label="Loading status" />;
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge status={data} size="sm" />
      {runStateOf(data) !== 'never' && data.completedAt && <TimeAgo iso={data.completedAt} size="xs" c="dimmed" />}
    </Group>
  );
}
