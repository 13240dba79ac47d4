import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { RunAttempt } from '@/api/flows';
import { DateTime } from '@/components/date-time';
import { Fact } from '@/components/fact';
import { ResourceFunnel } from '@/components/resource-funnel';
import { RunOutcomeErrors } from '@/components/run-errors';
import { StatusBadge } from '@/components/status-badge';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatCount, formatDuration, formatRate, runDurationMs } from '@/lib/format';
import { uncommittedRows } from '@/lib/load-words';
import { retryWords } from '@/lib/retry-words';
import { isRunActive, runStateOf, runTimeLabel, runTimeMs, triggerLabel } from '@/lib/run-status';
import { useNow } from '@/lib/use-now';
import { useRetriedNumber } from '@/resources/flows';

/**
 * Everything about one attempt: state, its number in the flow (the global id beside it), trigger, timing,
 * how fast rows moved, the per-resource funnel and every error in full.
 */
export function AttemptSummary({ attempt, numberOf }: { attempt: RunAttempt; numberOf: (attempt: RunAttempt) => number | undefined }) {
  const now = useNow(1_000);
  const live = isRunActive(attempt);
  // Its time in its state: waited while queued, run while running, taken once ended; only run time makes a rate.
  const spent = runDurationMs(attempt.createdAt, attempt.completedAt, now);
  const runTime = runTimeMs(attempt, now);
  const retry = retryWords({ retryNumber: attempt.retryNumber, of: useRetriedNumber(attempt, numberOf), policyAttempts: undefined });
  const total = (key: 'extracted' | 'loaded') => attempt.resources.reduce((sum, resource) => sum + resource[key], 0);
  const written = live ? uncommittedRows(attempt.resources) : 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label="Status">
          <StatusBadge status={attempt} />
        </Fact>
        <Fact label="Attempt">
          {attemptLabel(numberOf(attempt))}{' '}
          <Text span size="xs" c="dimmed">
            (id {attempt.id})
          </Text>
          {retry && (
            <Text size="xs" c="dimmed">
              {retry}
            </Text>
          )}
        </Fact>
        <Fact label="Trigger">{triggerLabel(attempt.trigger)}</Fact>
        <Fact label="Started">
          <DateTime value={attempt.createdAt} />
        </Fact>
        <Fact label={runTimeLabel(runStateOf(attempt))}>{spent === null ? '—' : formatDuration(spent)}</Fact>
        <Fact label="Rows extracted">{formatCount(total('extracted'))}</Fact>
        <Fact label="Rows loaded">{formatCount(total('loaded'))}</Fact>
        {written > 0 && <Fact label="Rows written, not committed yet">{formatCount(written)}</Fact>}
        <Fact label="Extraction rate">{formatRate(total('extracted'), runTime)}</Fact>
      </SimpleGrid>
      {live && attempt.waitingFor && (
        <Text size="sm" role="status">
          {/* Why it has not started moving rows: another load into the same file, or a retry's backoff. */}
          {attempt.waitingFor}
        </Text>
      )}
      {attempt.completedAt && (
        <Text size="xs" c="dimmed">
          Completed <DateTime value={attempt.completedAt} />
        </Text>
      )}
      <ResourceFunnel resources={attempt.resources} live={live} />
      <RunOutcomeErrors errors={attempt.errors} />
    </Stack>
  );
}
