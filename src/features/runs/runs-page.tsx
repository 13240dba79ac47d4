import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { RunListItem } from '@/api/runs';
import { AnchorLink } from '@/components/anchor-link';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { BlockSkeleton } from '@/components/skeletons';
import { StatusBadge } from '@/components/status-badge';
import { formatCount, formatDuration, runDurationMs } from '@/lib/format';
import { FAST_POLL_MS } from '@/lib/polling';
import { PAGE_INTROS } from '@/lib/page-intros';
import { isRunActive, triggerLabel } from '@/lib/run-status';
import { useNow } from '@/lib/use-now';
import { flowQueries } from '@/resources/flows';
import { runQueries } from '@/resources/runs';
import { workflowQueries } from '@/resources/workflows';
import { RunsFilters } from './runs-filters';
import { runsFilterOf, type RunsSearch } from './runs-search';

const route = getRouteApi('/_app/runs/');

const runNumber = (run: RunListItem) => (run.number === null ? `id ${String(run.id)}` : `#${String(run.number)}`);

function WhatRan({ run }: { run: RunListItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="outline" color="gray" size="xs" miw="max-content">
        {run.kind === 'workflow' ? 'Workflow' : 'Flow'}
      </Badge>
      {run.kind === 'flow' && run.flow !== null ? (
        <AnchorLink to="/flows/$flowId" params={{ flowId: String(run.flow) }} search={{ attempt: run.id }} size="sm" fw={500}>
          {run.name} {runNumber(run)}
        </AnchorLink>
      ) : run.workflow !== null ? (
        <AnchorLink to="/workflows/$workflowId" params={{ workflowId: String(run.workflow) }} size="sm" fw={500}>
          {run.name} {runNumber(run)}
        </AnchorLink>
      ) : (
        <Text size="sm">{run.name}</Text>
      )}
    </Group>
  );
}

function Duration({ run }: { run: RunListItem }) {
  const now = useNow(1_000);
  const ms = runDurationMs(run.createdAt, run.completedAt, now);
  return <>{ms === null ? '—' : formatDuration(ms)}</>;
}

const columns: Column<RunListItem>[] = [
  { key: 'what', header: 'What ran', primary: true, cell: (run) => <WhatRan run={run} /> },
  { key: 'status', header: 'Status', width: 130, cell: (run) => <StatusBadge status={run} size="sm" /> },
  { key: 'trigger', header: 'Trigger', width: 110, cell: (run) => triggerLabel(run.trigger) },
  { key: 'started', header: 'Started', width: 200, cell: (run) => <DateTime value={run.createdAt} /> },
  { key: 'duration', header: 'Duration', width: 120, cell: (run) => <Duration run={run} /> },
  { key: 'rows', header: 'Rows', width: 110, align: 'right', cell: (run) => formatCount(run.rowsLoaded) },
];

/** Every flow attempt and workflow run, newest or oldest first: filters and sort in the URL, a page at a time, live while any runs. */
export function RunsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter = useMemo(() => runsFilterOf(search), [search]);
  const runs = useInfiniteQuery({
    ...runQueries.list(filter),
    // A new filter keeps the rows on screen until its own arrive.
    placeholderData: keepPreviousData,
    // Live while anything shown runs; otherwise a run starting or ending anywhere refreshes it (follow-runs.ts).
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.data.some(isRunActive)) ? FAST_POLL_MS : false),
  });
  const rows = useMemo(() => runs.data?.pages.flatMap((page) => page.data) ?? [], [runs.data]);
  // The names for "What ran" are read once the first runs are on screen: the whole flows list must not slow them.
  const namesWanted = runs.data !== undefined || runs.isError;
  const flows = useQuery({ ...flowQueries.list(), enabled: namesWanted }).data ?? [];
  const workflows = useQuery({ ...workflowQueries.list(), enabled: namesWanted }).data ?? [];
  const update = useCallback(
    (patch: Partial<RunsSearch>) => {
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
    },
    [navigate],
  );
  return (
    <>
      <PageHeader title={PAGE_INTROS['/runs'].title} description={PAGE_INTROS['/runs'].description} />
      <RunsFilters search={search} flows={flows} workflows={workflows} onChange={update} />
      {runs.data ? (
        <Stack gap="sm">
          {rows.length === 0 ? (
            <Text c="dimmed">No runs match these filters.</Text>
          ) : (
            <ResponsiveTable label="Runs" columns={columns} rows={rows} rowKey={(run) => `${run.kind}:${String(run.id)}`} minWidth={900} />
          )}
          {runs.error && <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />}
          {runs.hasNextPage && (
            <Button variant="default" w="fit-content" loading={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
              {search.sort === 'oldest' ? 'Show newer runs' : 'Show older runs'}
            </Button>
          )}
        </Stack>
      ) : runs.error ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <BlockSkeleton label="Loading the runs" rows={6} />
      )}
    </>
  );
}
