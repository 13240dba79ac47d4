import { Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { WorkflowStatus } from '@/api/workflows';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { Fact } from '@/components/fact';
import { LiveStamp } from '@/components/live-stamp';
import { ResourceFunnel } from '@/components/resource-funnel';
import { RunOutcomeErrors } from '@/components/run-errors';
import { BlockSkeleton } from '@/components/skeletons';
import { StatusBadge } from '@/components/status-badge';
import { isRunActive } from '@/lib/run-status';

/** The workflow's last or current execution, live: its state in words, per-resource counts and every error. */
export function WorkflowStatusPanel({ status }: { status: UseQueryResult<WorkflowStatus> }) {
  const { data, error, dataUpdatedAt, isFetching, refetch } = status;
  const live = isRunActive(data);
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="workflow-status-title">
      <Group justify="space-between" mb="sm" align="flex-start">
        <Title order={2} size="h4" id="workflow-status-title">
          Status
        </Title>
        {data && <LiveStamp updatedAt={dataUpdatedAt} error={error} isFetching={isFetching} onRetry={() => void refetch()} />}
      </Group>
      {data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="State">
              <StatusBadge status={data} />
            </Fact>
            <Fact label="Completed">{data.completedAt ? <DateTime value={data.completedAt} /> : live ? 'Not yet' : '—'}</Fact>
          </SimpleGrid>
          <ResourceFunnel resources={data.resources} live={live} />
          <RunOutcomeErrors errors={data.errors} />
        </Stack>
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <BlockSkeleton label="Loading the status" />
      )}
    </Card>
  );
}
