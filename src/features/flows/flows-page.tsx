import { Button, Group, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import classes from './flows-list.module.css';
import type { Flow } from '@/api/flows';
import { PageHeader } from '@/components/page-header';
import { runStateOf } from '@/lib/run-status';
import { destinationQueries } from '@/resources/destinations';
import { type BulkOutcome, flowQueries } from '@/resources/flows';
import { sourceQueries } from '@/resources/sources';
import { narrowingFilter, sortFlowRows, toFlowRows } from './filter-flows';
import { FlowFilters } from './flow-filters';
import { flowsSearchDefaults, type FlowsSearch } from './flows-search';
import { FlowsBulkActions } from './flows-bulk-actions';
import { FlowsTable } from './flows-table';
import { useFlowSelection } from './use-flow-selection';
import { useStatusScan } from './use-status-scan';

const route = getRouteApi('/_app/flows/');
const countFormat = new Intl.NumberFormat();
const NO_FLOWS: readonly Flow[] = [];

export function FlowsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const router = useRouter();
  // The route's loader waits for the first page only: its rows show while the other pages are read.
  const all = useQuery(flowQueries.list());
  const firstPage = useQuery({ ...flowQueries.firstPage(), enabled: all.data === undefined });
  const flows = all.data ?? firstPage.data ?? NO_FLOWS;
  const reading = all.data === undefined;
  // Names are a nicety: without them (an interface with no source list) the rows show ids.
  const sources = useQuery(sourceQueries.names()).data;
  const destinations = useQuery(destinationQueries.names()).data;
  // What the search field holds now: the rows follow each keystroke in the same frame (one light render: the
  // filters, the header and the bulk bar are memoised, and only rows that change draw again); the URL follows
  // a moment after typing stops.
  // `base` is the URL's search when it was typed: once the URL has caught up (or moved elsewhere, back or
  // forward), the URL says what to filter by. Until then the typed text does, so the rows never flash back to
  // the URL's older search as it is written.
  const [typed, setTyped] = useState<{ text: string; base: string } | null>(null);
  const q = typed !== null && typed.base === search.q ? typed.text : search.q;
  const onQueryInput = useCallback(
    (text: string) => {
      setTyped({ text, base: search.q });
    },
    [search.q],
  );

  // A service that does not report freshness (the hosted one) gets neither the column nor the filter.
  const reportsFreshness = flows.some((flow) => flow.freshness !== null);
  const allRows = useMemo(() => toFlowRows(flows, sources, destinations), [flows, sources, destinations]);
  const sortedRows = useMemo(() => sortFlowRows(allRows, search.sort, search.dir), [allRows, search.sort, search.dir]);
  const [filter] = useState(narrowingFilter);
  const candidates = useMemo(
    () => filter(sortedRows, { q, schedule: search.schedule, freshness: search.freshness }),
    [filter, sortedRows, q, search.schedule, search.freshness],
  );
  const candidateIds = useMemo(() => candidates.map((row) => row.flow.id), [candidates]);
  const byStatus = search.status !== 'all';
  const scan = useStatusScan(candidateIds, byStatus);
  const rows = byStatus
    ? candidates.filter((row) => {
        const status = scan.statusOf(row.flow.id);
        return status !== undefined && runStateOf(status.lastAttempt) === search.status;
      })
    : candidates;

  const listedIds = useMemo(() => rows.map((row) => row.flow.id), [rows]);
  const selection = useFlowSelection(listedIds);
  const selectedFlows = useMemo(
    () => (selection.selected.size === 0 ? NO_FLOWS : rows.filter((row) => selection.selected.has(row.flow.id)).map((row) => row.flow)),
    [rows, selection.selected],
  );

  const update = useCallback(
    (patch: Partial<FlowsSearch>) => {
      // The search reaches the URL a moment after typing: by then the user may have clicked a flow, and
      // writing it would pull them back to the list.
      if (router.latestLocation.pathname !== '/flows') return;
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
    },
    [router, navigate],
  );
  const { replace } = selection;
  const clearSelection = useCallback(() => {
    replace([]);
  }, [replace]);
  const keepFailed = useCallback(
    (outcomes: readonly BulkOutcome[]) => {
      replace(outcomes.filter((outcome) => outcome.result === 'failed').map((outcome) => outcome.flow.id));
    },
    [replace],
  );
  // The same element while the count and the flows are the same: a keystroke does not draw the header again.
  const header = useMemo(
    () => (
      <PageHeader
        title="Flows"
        description={
          reading ? 'A source, a destination and a schedule each.' : `${countFormat.format(flows.length)} flows: a source, a destination and a schedule each.`
        }
        actions={
          <Button component={Link} to="/flows/new">
            New flow
          </Button>
        }
      />
    ),
    [reading, flows.length],
  );
  const filtered = q !== '' || search.schedule !== 'all' || search.freshness !== 'all' || byStatus;

  return (
    <>
      {header}
      <FlowFilters search={search} onQueryInput={onQueryInput} onChange={update} showFreshness={reportsFreshness} />
      <Group justify="space-between" mb="xs" mih={28}>
        <Group gap="sm" wrap="nowrap">
          {rows.length > 0 && <SelectAll listed={rows.length} selected={selectedFlows.length} onToggle={selection.toggleAll} />}
          <Text size="sm" c="dimmed" role="status">
            {filtered ? `${countFormat.format(rows.length)} of ${countFormat.format(flows.length)} flows match` : `${countFormat.format(flows.length)} flows`}
            {reading && !all.isError && ' so far (reading the others)'}
            {all.isError && `; the others could not be read (${all.error.message})`}
            {byStatus &&
              scan.checked < scan.total &&
              ` so far (checked the status of ${countFormat.format(scan.checked)} of ${countFormat.format(scan.total)})`}
            {byStatus && scan.failed > 0 && `; ${countFormat.format(scan.failed)} statuses could not be read`}
          </Text>
        </Group>
        {all.isError && (
          <Button variant="subtle" size="compact-sm" onClick={() => void all.refetch()}>
            Read all flows again
          </Button>
        )}
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setTyped(null);
              update({ q: '', schedule: flowsSearchDefaults.schedule, status: flowsSearchDefaults.status, freshness: flowsSearchDefaults.freshness });
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
      <FlowsBulkActions flows={selectedFlows} onClear={clearSelection} onFinished={keepFailed} />
      {byStatus && scan.checked < scan.total && (
        <Progress value={(scan.checked / Math.max(1, scan.total)) * 100} size="xs" mb="xs" aria-label="Status check progress" />
      )}
      {flows.length === 0 && reading ? (
        <Text c="dimmed">Reading flows…</Text>
      ) : flows.length === 0 ? (
        <Text c="dimmed">No flows yet.</Text>
      ) : rows.length === 0 && !(byStatus && scan.checked < scan.total) ? (
        <Text c="dimmed">No flow matches these filters.</Text>
      ) : (
        <FlowsTable rows={rows} selected={selection.selected} toggle={selection.toggle} showFreshness={reportsFreshness} />
      )}
    </>
  );
}

/** "Select all", a plain checkbox like each row's: it changes with every keystroke that changes the count. */
function SelectAll({ listed, selected, onToggle }: { listed: number; selected: number; onToggle: () => void }) {
  const some = selected > 0 && selected < listed;
  return (
    <input
      type="checkbox"
      className={classes.check}
      aria-label={`Select all ${countFormat.format(listed)} listed flows`}
      checked={selected === listed}
      ref={(box) => {
        if (box) box.indeterminate = some;
      }}
      onChange={onToggle}
    />
  );
}
