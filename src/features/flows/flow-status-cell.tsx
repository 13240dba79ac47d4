import { Group } from '@mantine/core';
import { InlineSkeleton } from '@/components/skeletons';
import { StatusBadge } from '@/components/status-badge';
import { TimeAgo } from '@/components/time-ago';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive } from '@/lib/run-status';
import { flowQueries } from '@/resources/flows';

/**
 * The last attempt of one visible row, live (fast while it runs). Rows scrolled out of view unmount, so only
 * visible flows are asked; while the list scrolls nothing new is asked at all.
 */
export function FlowStatusCell({ flowId, enabled }: { flowId: number; enabled: boolean }) {
  const { data, isError } = useLiveQuery(flowQueries.status(flowId), {
    isActive: isRunActive,
    scopes: [liveScopes.flow(flowId)],
    staleTime: 15_000,
    enabled,
  });
  if (isError && !data) return <span aria-label="Status unavailable">?</span>;
  if (!data) return <InlineSkeleton label="Loading status" />;
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge status={data.lastAttempt ? data : null} size="sm" />
      {data.lastAttempt && <TimeAgo iso={data.lastAttempt.createdAt} size="xs" c="dimmed" />}
    </Group>
  );
}
