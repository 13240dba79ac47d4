import { Card, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import type { WorkflowRun } from '@/api/workflows';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { ListPager } from '@/components/list-pager';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { BlockSkeleton } from '@/components/skeletons';
import { StatusBadge } from '@/components/status-badge';
import { formatDuration } from '@/lib/format';
import { numberById, retryWords } from '@/lib/retry-words';
import { triggerLabel } from '@/lib/run-status';
import { useNow } from '@/lib/use-now';
import { useRefetchRunsOnRunChange, workflowQueries } from '@/resources/workflows';
import { stepStateLook } from './step-state';
import { RUNS_PAGE_SIZE } from './workflow-page-search';

interface RunsSectionProps {
  workflowId: number;
  offset: number;
  onOffset: (offset: number) => void;
  /** The current or last run as the live status knows it: it replaces its row, so the list moves without polling itself. */
  lastRun: WorkflowRun | null | undefined;
  /** The retries the workflow's policy allows: `Retry 2 of 3`. */
  retries: number;
}

/** How long it took, or has been going for (no end yet); nothing before a worker took it. */
function durationOf(run: WorkflowRun, now: number): string {
  if (run.durationMs !== null) return formatDuration(run.durationMs);
  if (run.startedAt === null) return '—';
  return `${formatDuration(now - Date.parse(run.startedAt))} so far`;
}

/** `2 succeeded, 1 skipped`: how its steps went, in the order of the states' first appearance. */
function stepsSummary(run: WorkflowRun): string {
  const counts = new Map<string, number>();
  for (const step of run.steps) counts.set(step.state, (counts.get(step.state) ?? 0) + 1);
  return [...counts].map(([state, count]) => `${String(count)} ${stepStateLook(state).label.toLowerCase()}`).join(', ') || '—';
}

/** `Run #3`, its number in the workflow (the global id where the service sends none), and which retry it is. */
function RunLabel({ run, of, retries }: { run: WorkflowRun; of: number | undefined; retries: number }) {
  const retry = retryWords({ retryNumber: run.retryNumber, of, policyAttempts: retries });
  return (
    <>
      Run #{run.number ?? run.id}
      {retry && (
        <Text span size="xs" c="dimmed" display="block">
          {retry}
        </Text>
      )}
    </>
  );
}

/** Past runs of the workflow, newest first, with their outcome and duration (Flowdeck's runs list). */
export function WorkflowRunsSection({ workflowId, offset, onOffset, lastRun, retries }: RunsSectionProps) {
  const runs = useQuery({ ...workflowQueries.runs(workflowId, { limit: RUNS_PAGE_SIZE, offset }), placeholderData: keepPreviousData });
  useRefetchRunsOnRunChange(workflowId, lastRun);
  const now = useNow(1_000);
  const rows = (runs.data ?? []).map((run) => (lastRun?.id === run.id ? lastRun : run));
  const numberOf = numberById(rows);
  const columns: Column<WorkflowRun>[] = [
    { key: 'run', header: 'Run', primary: true, cell: (run) => <RunLabel run={run} of={numberOf(run.retryOf)} retries={retries} /> },
    { key: 'outcome', header: 'Outcome', cell: (run) => <StatusBadge status={run} size="sm" /> },
    { key: 'trigger', header: 'Trigger', cell: (run) => triggerLabel(run.trigger) },
    { key: 'started', header: 'Started', cell: (run) => <DateTime value={run.startedAt ?? run.createdAt} /> },
    { key: 'duration', header: 'Duration', cell: (run) => durationOf(run, now) },
    { key: 'steps', header: 'Steps', cell: stepsSummary },
  ];

  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="runs-title">
      <Title order={2} size="h4" id="runs-title" mb="sm">
        Runs
      </Title>
      {runs.error && !runs.data ? (
        isApiError(runs.error, 'not_found') ? (
          <Text size="sm" c="dimmed">
            This service does not list a workflow’s runs; the status above shows the last one.
          </Text>
        ) : (
          <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
        )
      ) : (
        <>
          {runs.isPending ? (
            <BlockSkeleton label="Loading runs" />
          ) : (
            <ResponsiveTable label="Runs" columns={columns} rows={rows} rowKey={(run) => run.id} busy={runs.isFetching} minWidth={640} />
          )}
          {rows.length === 0 && !runs.isPending && (
            <Text c="dimmed" size="sm" py="sm">
              {offset > 0 ? 'No runs on this page.' : 'No runs yet.'}
            </Text>
          )}
          <ListPager offset={offset} limit={RUNS_PAGE_SIZE} count={rows.length} onChange={onOffset} />
        </>
      )}
    </Card>
  );
}
