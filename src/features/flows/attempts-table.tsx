import { Button, Card, Group, NativeSelect, SegmentedControl, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { RunAttempt } from '@/api/flows';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { StatusBadge } from '@/components/status-badge';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatCount, formatDuration } from '@/lib/format';
import { numberById, retryWords } from '@/lib/retry-words';
import { runTimeMs, triggerLabel } from '@/lib/run-status';
import { useNow } from '@/lib/use-now';
import { flowQueries } from '@/resources/flows';
import linkClasses from './attempt-link.module.css';
import { preloadAttemptDrawer } from './lazy-attempt-drawer';
import { ATTEMPT_PAGE_SIZES, type FlowPageSearch } from './flow-page-search';

const route = getRouteApi('/_app/flows/$flowId');

/** The interface's words for a newcomer: attempt, lifecycle and disposition (issue 31, item 9). */
const ATTEMPT_WORDS =
  'An attempt is one run of this flow, numbered from #1; a retry is a new attempt. Its status joins its lifecycle (queued, running or ended) and, once ended, its disposition: succeeded or failed (a cancelled run is a failed one someone stopped).';

interface AttemptsTableProps {
  flowId: number;
  /** The page of attempts; the open attempt is read from the URL here. */
  search: Omit<FlowPageSearch, 'attempt'>;
  /** The newest attempt as the live status knows it: it replaces its row, so the table moves without polling itself. */
  latest: RunAttempt | null;
  numberOf: (attempt: RunAttempt) => number | undefined;
  onSearch: (patch: Partial<FlowPageSearch>) => void;
  /** The retries the flow's policy allows: `Retry 2 of 3 of #41`. */
  retries: number;
}

export function AttemptsTable({ flowId, search, latest, numberOf, onSearch, retries }: AttemptsTableProps) {
  const openAttempt = route.useSearch({ select: (params) => params.attempt });
  const page = { limit: search.limit, offset: search.offset, order: search.order };
  const attempts = useQuery({ ...flowQueries.attempts(flowId, page), placeholderData: keepPreviousData });
  const now = useNow(1_000);
  const rows = useMemo(() => (attempts.data ?? []).map((attempt) => (latest !== null && attempt.id === latest.id ? latest : attempt)), [attempts.data, latest]);
  const first = search.offset + 1;
  const retriedNumber = useMemo(() => numberById(rows.map((attempt) => ({ id: attempt.id, number: numberOf(attempt) }))), [rows, numberOf]);
  // The same columns until what they draw with changes: opening an attempt then redraws only the two rows whose
  // selection changed, not every cell of the page.
  const columns = useMemo(
    (): Column<RunAttempt>[] => [
      {
        key: 'attempt',
        header: 'Attempt',
        primary: true,
        cell: (attempt) => {
          const label = attemptLabel(numberOf(attempt));
          const opener = (
            <UnstyledButton
              onClick={() => {
                onSearch({ attempt: attempt.id });
              }}
              onMouseEnter={preloadAttemptDrawer}
              onFocus={preloadAttemptDrawer}
              className={linkClasses.link}
              fz="sm"
              aria-label={`Open attempt ${label}`}
              data-attempt-opener={attempt.id}
            >
              {label}
            </UnstyledButton>
          );
          const retry = retryWords({ retryNumber: attempt.retryNumber, of: retriedNumber(attempt.retryOf), policyAttempts: retries });
          return retry ? (
            <>
              {opener}
              <Text span size="xs" c="dimmed" display="block">
                {retry}
              </Text>
            </>
          ) : (
            opener
          );
        },
      },
      { key: 'status', header: 'Status', cell: (attempt) => <StatusBadge status={attempt} size="sm" /> },
      { key: 'trigger', header: 'Trigger', cell: (attempt) => triggerLabel(attempt.trigger) },
      { key: 'started', header: 'Started', cell: (attempt) => <DateTime value={attempt.createdAt} /> },
      {
        key: 'duration',
        header: 'Duration',
        cell: (attempt) => {
          const duration = runTimeMs(attempt, now);
          return duration === null ? '—' : formatDuration(duration);
        },
      },
      {
        key: 'loaded',
        header: 'Rows loaded',
        align: 'right',
        cell: (attempt) => (
          <Text span size="sm" ff="monospace">
            {formatCount(attempt.resources.reduce((sum, resource) => sum + resource.loaded, 0))}
          </Text>
        ),
      },
    ],
    [numberOf, now, onSearch, retriedNumber, retries],
  );
  const hasNext = (attempts.data?.length ?? 0) >= search.limit;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="attempts-title" aria-describedby="attempts-words">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="attempts-title">
            Run attempts
          </Title>
          <Text size="xs" c="dimmed" id="attempts-words" maw={560}>
            {ATTEMPT_WORDS}
          </Text>
        </div>
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
          {/* The browser's own list: a fixed handful of sizes needs no searchable combobox (about 19 KB gzip). */}
          <NativeSelect
            aria-label="Attempts per page"
            size="xs"
            w={130}
            value={String(search.limit)}
            onChange={(event) => {
              onSearch({ limit: Number(event.currentTarget.value), offset: 0 });
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
          <ResponsiveTable
            label="Run attempts"
            columns={columns}
            rows={rows}
            rowKey={(attempt) => attempt.id}
            isSelected={(attempt) => openAttempt === attempt.id}
            busy={attempts.isFetching}
            minWidth={640}
          />
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
