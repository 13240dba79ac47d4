import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { auditQueries } from '@/resources/audit';
import { AnchorLink } from './anchor-link';
import { AuditEntryItem } from './audit-entry-item';
import { ErrorState } from './error-state';
import { BlockSkeleton } from './skeletons';

/**
 * The last few changes of one object (a flow, a source, a destination, a workflow) from the audit log, with
 * a link to all of them on the Audit log page. A service without an audit log (the hosted one) shows nothing.
 */
export function ActivitySection({ resourceType, resourceId }: { resourceType: string; resourceId: number }) {
  const activity = useQuery({ ...auditQueries.activity(resourceType, resourceId), retry: false });
  if (isApiError(activity.error, 'not_found')) return null;
  const entries = activity.data?.data ?? [];
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="activity-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="activity-title">
          Activity
        </Title>
        <AnchorLink to="/audit" search={{ resourceType, resourceId: String(resourceId) }} size="sm">
          All its activity in the audit log
        </AnchorLink>
      </Group>
      {activity.isPending ? (
        <BlockSkeleton label="Loading activity" rows={3} />
      ) : activity.isError ? (
        <ErrorState error={activity.error} />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0}>
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
