import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
import { retryWords } from '@/lib/retry-words';
import { RerunButton } from './rerun-button';

/** The workflow's last or current execution, live: its state in words, per-resource counts and every error. */
export function WorkflowStatusPanel({ status, workflowId, retries }: { status: UseQueryResult<WorkflowStatus>; workflowId: number; retries: number }) {
  const { data, error, dataUpdatedAt, isFetching, refetch } = status;
  const live = isRunActive(data);
  const lastRun = data?.lastRun;
  const retry = lastRun ? retryWords({ retryNumber: lastRun.retryNumber, of: undefined, policyAttempts: retries }) : null;
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
            {lastRun && (
              <Fact label="Run">
                #{lastRun.number ?? lastRun.id}
                {retry && (
                  <Text size="xs" c="dimmed">
                    {retry}
                  </Text>
                )}
              </Fact>
            )}
            <Fact label="Completed">{data.completedAt ? <DateTime value={data.completedAt} /> : live ? 'Not yet' : '—'}</Fact>
          </SimpleGrid>
          {/* The hosted service reports no runs (lastRun undefined) and has no re-run. */}
          {lastRun !== undefined && <RerunButton workflowId={workflowId} run={lastRun} />}
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
