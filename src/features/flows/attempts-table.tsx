import { Button, Card, Group, Select, SegmentedControl, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RunAttempt } from '@/api/flows';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatCount, formatDuration, runDurationMs } from '@/lib/format';
import { triggerLabel } from '@/lib/run-status';
import { useNow } from '@/lib/use-now';
import { flowQueries, useRefetchAttemptsOnNewAttempt } from '@/resources/flows';
import { ATTEMPT_PAGE_SIZES, type FlowPageSearch } from './flow-page-search';

interface AttemptsTableProps {
  flowId: number;
  search: FlowPageSearch;
  /** The newest attempt as the live status knows it: it replaces its row, so the table moves without polling itself. */
  latest: RunAttempt | null;
  numberOf: (attempt: RunAttempt) => number | undefined;
  onSearch: (patch: Partial<FlowPageSearch>) => void;
}

export function AttemptsTable({ flowId, search, latest, numberOf, onSearch }: AttemptsTableProps) {
  const page = { limit: search.limit, offset: search.offset, order: search.order };
  const attempts = useQuery({ ...flowQueries.attempts(flowId, page), placeholderData: keepPreviousData });
  useRefetchAttemptsOnNewAttempt(flowId, latest);
  const now = useNow(1_000);
  const rows = (attempts.data ?? []).map((attempt) => (latest !== null && attempt.id === latest.id ? latest : attempt));
  const first = search.offset + 1;
  const hasNext = (attempts.data?.length ?? 0) >= search.limit;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="attempts-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="attempts-title">
          Run attempts
        </Title>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Order"
            size="xs"
            value={search.order}
            onChange={(order) => {
              onSearch({ order, offset: 0 });
            }}
            data={[
              { value: 'DESC', label: 'Newest first' },
              { value: 'ASC', label: 'Oldest first' },
            ]}
          />
          <Select
            aria-label="Attempts per page"
            size="xs"
            w={130}
            allowDeselect={false}
            value={String(search.limit)}
            onChange={(value) => {
              onSearch({ limit: Number(value ?? 25), offset: 0 });
            }}
            data={[...new Set([...ATTEMPT_PAGE_SIZES, search.limit])]
              .sort((a, b) => a - b)
              .map((size) => ({ value: String(size), label: `${String(size)} per page` }))}
          />
        </Group>
      </Group>
      {attempts.error && !attempts.data ? (
        <ErrorState error={attempts.error} onRetry={() => void attempts.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover aria-label="Run attempts" aria-busy={attempts.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Attempt</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Trigger</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th ta="right">Rows loaded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((attempt) => {
                  const duration = runDurationMs(attempt.createdAt, attempt.completedAt, now);
                  const label = attemptLabel(numberOf(attempt));
                  return (
                    <Table.Tr key={attempt.id} bg={search.attempt === attempt.id ? 'var(--mantine-primary-color-light)' : undefined}>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => {
                            onSearch({ attempt: attempt.id });
                          }}
                          c="var(--mantine-color-anchor)"
                          fz="sm"
                          aria-label={`Open attempt ${label}`}
                        >
                          {label}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={attempt} size="sm" />
                      </Table.Td>
                      <Table.Td>{triggerLabel(attempt.trigger)}</Table.Td>
                      <Table.Td>
                        <DateTime value={attempt.createdAt} />
                      </Table.Td>
                      <Table.Td>{duration === null ? '—' : formatDuration(duration)}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatCount(attempt.resources.reduce((sum, resource) => sum + resource.loaded, 0))}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 && !attempts.isPending && (
            <Text c="dimmed" size="sm" py="sm">
              {search.offset > 0 ? 'No attempts on this page.' : 'No attempts yet.'}
            </Text>
          )}
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed" role="status">
              {rows.length > 0 ? `Attempts ${formatCount(first)}–${formatCount(search.offset + rows.length)}` : ''}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={search.offset === 0}
                onClick={() => {
                  onSearch({ offset: Math.max(0, search.offset - search.limit) });
                }}
              >
                Previous page
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={!hasNext}
                onClick={() => {
                  onSearch({ offset: search.offset + search.limit });
                }}
              >
                Next page
              </Button>
            </Group>
          </Group>
        </>
      )}
    </Card>
  );
}
