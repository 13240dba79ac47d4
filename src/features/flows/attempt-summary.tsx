import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RunAttempt } from '@/api/flows';
import { Fact } from '@/components/fact';
import { ResourceFunnel } from '@/components/resource-funnel';
import { RunErrors } from '@/components/run-errors';
import { StatusBadge } from '@/components/status-badge';
import { formatCount, formatDateTime, formatDuration, runDurationMs } from '@/lib/format';
import { useNow } from '@/lib/use-now';

/** Everything about one attempt: state, trigger, timing, the per-resource funnel and every error in full. */
export function AttemptSummary({ attempt }: { attempt: RunAttempt }) {
  const now = useNow(1_000);
  const duration = runDurationMs(attempt.createdAt, attempt.completedAt, now);
  const loaded = attempt.resources.reduce((sum, resource) => sum + resource.loaded, 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <Fact label="Status">
          <StatusBadge status={attempt} />
        </Fact>
        <Fact label="Attempt">#{attempt.id}</Fact>
        <Fact label="Trigger">{attempt.trigger}</Fact>
        <Fact label="Started">{formatDateTime(attempt.createdAt)}</Fact>
        <Fact label={attempt.completedAt ? 'Took' : 'Running for'}>{duration === null ? '—' : formatDuration(duration)}</Fact>
        <Fact label="Rows loaded">{formatCount(loaded)}</Fact>
      </SimpleGrid>
      {attempt.completedAt && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Completed {formatDateTime(attempt.completedAt)}
          </Text>
        </Group>
      )}
      <ResourceFunnel resources={attempt.resources} />
      <RunErrors errors={attempt.errors} />
    </Stack>
  );
}
