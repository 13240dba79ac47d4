import { Button, Group, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import type { Flow } from '@/api/flows';
import { PageHeader } from '@/components/page-header';
import { PermittedLink } from '@/components/permitted';
import { formatCount } from '@/lib/format';
import { PAGE_INTROS } from '@/lib/page-intros';
import { runStateOf } from '@/lib/run-status';
import { destinationQueries } from '@/resources/destinations';
import { usePermission } from '@/resources/identity';
import { type BulkOutcome, flowQueries } from '@/resources/flows';
import { sourceQueries } from '@/resources/sources';
import { type FlowRow, narrowingFilter, sortFlowRows, toFlowRows } from './filter-flows';
import { FlowFilters } from './flow-filters';
import { flowsSearchDefaults, type FlowsSearch } from './flows-search';
import { FlowsBulkActions } from './flows-bulk-actions';
import classes from './flows-list.module.css';
import { FlowsTable } from './flows-table';
import { useFlowSelection } from './use-flow-selection';
import { useStatusScan } from './use-status-scan';

const route = getRouteApi('/_app/flows/');
// The count is the list's own line, under the filters: the heading is the same from the first paint on.
function FlowsHeader() {
  const mayCreate = usePermission('createFlow');
  return (
    <PageHeader
      {...PAGE_INTROS['/flows']}
      actions={
        <PermittedLink
          permission={mayCreate}
          link={
            <Button component={Link} to="/flows/new">
              New flow
            </Button>
          }
        >
          New flow
        </PermittedLink>
      }
    />
  );
}
const HEADER = <FlowsHeader />;
const NO_FLOWS: readonly Flow[] = [];
const NO_IDS: readonly number[] = [];

/**
 * What the search field holds now, with `base`, the URL's search when it was typed: once the URL has caught up
 * (or moved elsewhere, back or forward), the URL says what to filter by. Until then the typed text does, so
 * the rows never flash back to the URL's older search while it is written.
 */
interface Typed {
  text: string;
  base: string;
}

/** The typed search, apart from the page: a keystroke draws the list (its count, its rows) and nothing else. */
function typedStore() {
  let typed: Typed | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => typed,
    set: (next: Typed | null) => {
      typed = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
type TypedStore = ReturnType<typeof typedStore>;

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
  // The rows follow each keystroke in the same frame; the URL follows a moment after typing stops.
  const [typed] = useState(typedStore);
  const onQueryInput = useCallback(
    (text: string) => {
      typed.set({ text, base: search.q });
    },
    [typed, search.q],
  );

  // A service that does not report freshness (the hosted one) gets neither the column nor the filter.
  const reportsFreshness = flows.some((flow) => flow.freshness !== null);
  const allRows = useMemo(() => toFlowRows(flows, sources, destinations), [flows, sources, destinations]);
  const sortedRows = useMemo(() => sortFlowRows(allRows, search.sort, search.dir), [allRows, search.sort, search.dir]);

  const update = useCallback(
    (patch: Partial<FlowsSearch>) => {
      // The search reaches the URL a moment after typing: by then the user may have clicked a flow, and
      // writing it would pull them back to the list.
      if (router.latestLocation.pathname !== '/flows') return;
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
    },
    [router, navigate],
  );
  const { refetch } = all;
  const readAgain = useCallback(() => void refetch(), [refetch]);
  return (
    <>
      {HEADER}
      <FlowFilters search={search} onQueryInput={onQueryInput} onChange={update} showFreshness={reportsFreshness} />
      <FlowsList
        sortedRows={sortedRows}
        total={flows.length}
        reading={reading}
        readError={all.isError ? all.error.message : null}
        onReadAgain={readAgain}
        search={search}
        typed={typed}
        onChange={update}
        showFreshness={reportsFreshness}
      />
    </>
  );
}

interface FlowsListProps {
  /** Every flow read so far, in the chosen order. */
  sortedRows: readonly FlowRow[];
  total: number;
  reading: boolean;
  /** Why the pages after the first could not be read. */
  readError: string | null;
  onReadAgain: () => void;
  search: FlowsSearch;
  typed: TypedStore;
  onChange: (patch: Partial<FlowsSearch>) => void;
  showFreshness: boolean;
}

/**
 * The filters' result: its count, "select all", the bulk bar and the rows. The one part of the page a
 * keystroke draws again.
 */
const FlowsList = memo(function FlowsList({ sortedRows, total, reading, readError, onReadAgain, search, typed, onChange, showFreshness }: FlowsListProps) {
  const typedNow = useSyncExternalStore(typed.subscribe, typed.get);
  const q = typedNow !== null && typedNow.base === search.q ? typedNow.text : search.q;
  const [filter] = useState(narrowingFilter);
  const candidates = useMemo(
    () => filter(sortedRows, { q, schedule: search.schedule, freshness: search.freshness }),
    [filter, sortedRows, q, search.schedule, search.freshness],
  );
  const byStatus = search.status !== 'all';
  // Only a status filter reads the candidates' statuses (and needs their ids).
  const candidateIds = useMemo(() => (byStatus ? candidates.map((row) => row.flow.id) : NO_IDS), [byStatus, candidates]);
  const scan = useStatusScan(candidateIds, byStatus);
  const rows = byStatus
    ? candidates.filter((row) => {
        const status = scan.statusOf(row.flow.id);
        return status !== undefined && runStateOf(status.lastAttempt) === search.status;
      })
    : candidates;

  const selection = useFlowSelection(rows);
  const selectedFlows = useMemo(
    () => (selection.selected.size === 0 ? NO_FLOWS : rows.filter((row) => selection.selected.has(row.flow.id)).map((row) => row.flow)),
    [rows, selection.selected],
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
  const filtered = q !== '' || search.schedule !== 'all' || search.freshness !== 'all' || byStatus;

  return (
    <>
      <Group justify="space-between" mb="xs" mih={28}>
        <Group gap="sm" wrap="nowrap">
          {rows.length > 0 && <SelectAll listed={rows.length} selected={selectedFlows.length} onToggle={selection.toggleAll} />}
          <Text size="sm" c="dimmed" role="status">
            {filtered ? `${formatCount(rows.length)} of ${formatCount(total)} flows match` : `${formatCount(total)} flows`}
            {reading && readError === null && ' so far (reading the others)'}
            {readError !== null && `; the others could not be read (${readError})`}
            {byStatus && scan.checked < scan.total && ` so far (checked the status of ${formatCount(scan.checked)} of ${formatCount(scan.total)})`}
            {byStatus && scan.failed > 0 && `; ${formatCount(scan.failed)} statuses could not be read`}
          </Text>
        </Group>
        {readError !== null && (
          <Button variant="subtle" size="compact-sm" onClick={onReadAgain}>
            Read all flows again
          </Button>
        )}
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              typed.set(null);
              onChange({ q: '', schedule: flowsSearchDefaults.schedule, status: flowsSearchDefaults.status, freshness: flowsSearchDefaults.freshness });
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
      {total === 0 && reading ? (
        <Text c="dimmed">Reading flows…</Text>
      ) : total === 0 ? (
        <Text c="dimmed">No flows yet.</Text>
      ) : rows.length === 0 && !(byStatus && scan.checked < scan.total) ? (
        <Text c="dimmed">No flow matches these filters.</Text>
      ) : (
        <FlowsTable rows={rows} selected={selection.selected} toggle={selection.toggle} showFreshness={showFreshness} />
      )}
    </>
  );
});

/** "Select all", a plain checkbox like each row's: it changes with every keystroke that changes the count. */
function SelectAll({ listed, selected, onToggle }: { listed: number; selected: number; onToggle: () => void }) {
  const some = selected > 0 && selected < listed;
  return (
    <input
      type="checkbox"
      className={classes.check}
      aria-label={`Select all ${formatCount(listed)} listed flows`}
      checked={selected === listed}
      ref={(box) => {
        if (box) box.indeterminate = some;
      }}
      onChange={onToggle}
    />
  );
}
