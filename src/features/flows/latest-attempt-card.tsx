import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FlowStatus, RunAttempt } from '@/api/flows';
import { ErrorState } from '@/components/error-state';
import { LiveStamp } from '@/components/live-stamp';
import { BlockSkeleton } from '@/components/skeletons';
import { AttemptSummary } from './attempt-summary';

/** The flow's newest attempt, live: the one place to watch a run move and see why it failed. */
export function LatestAttemptCard({ status, numberOf }: { status: UseQueryResult<FlowStatus>; numberOf: (attempt: RunAttempt) => number | undefined }) {
  const { data, error, dataUpdatedAt, isFetching, refetch } = status;
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="latest-attempt-title">
      <Group justify="space-between" mb="sm" align="flex-start">
        <Title order={2} size="h4" id="latest-attempt-title">
          Latest attempt
        </Title>
        {data && <LiveStamp updatedAt={dataUpdatedAt} error={error} isFetching={isFetching} onRetry={() => void refetch()} />}
      </Group>
      {data ? (
        data.lastAttempt ? (
          <AttemptSummary attempt={data.lastAttempt} numberOf={numberOf} />
        ) : (
          <Stack gap={4}>
            <Text>This flow has never run.</Text>
            <Text size="sm" c="dimmed">
              Use “Run now” to start it by hand.
            </Text>
          </Stack>
        )
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <BlockSkeleton label="Loading the latest attempt" rows={4} />
      )}
    </Card>
  );
}
