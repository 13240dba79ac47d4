import { useRouter } from '@tanstack/react-router';
import { memo, type MouseEvent, useCallback, useMemo } from 'react';
import type { Column } from '@/components/responsive-table/responsive-table';
import { VirtualTable } from '@/components/responsive-table/virtual-table';
import { FRESHNESS_COLORS, FRESHNESS_EXPLAINED, freshnessLabel } from '@/lib/run-status';
import { dateFormat } from '@/lib/format';
import { flowName } from '@/lib/flow-name';
import { useTimeZoneChoice } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import type { Flow } from '@/api/flows';
import type { Freshness } from '@/api/freshness';
import type { FlowRow } from './filter-flows';
import { CellBadge, FlowsClockContext } from './flow-cells';
import { FlowScheduleCell } from './flow-schedule-cell';
import { FlowStatusCell } from './flow-status-cell';
import classes from './flows-list.module.css';

const truncated = (text: string) => (
  <span className={classes.line} title={text}>
    {text}
  </span>
);

/** As FreshnessBadge says it (its colours and its explanation, here on hover), as one element. */
const FreshnessCell = memo(function FreshnessCell({ freshness }: { freshness: Freshness }) {
  if (freshness === null) return null;
  const alarming = freshness === 'late' || freshness === 'failing';
  return (
    <CellBadge
      color={FRESHNESS_COLORS[freshness] ?? 'grape'}
      variant={alarming ? 'filled' : freshness === 'on_time' ? 'light' : 'outline'}
      // Black on amber: white on it reads at 3.6:1.
      darkText={freshness === 'late'}
      title={FRESHNESS_EXPLAINED[freshness] ?? freshness}
    >
      {freshnessLabel(freshness)}
    </CellBadge>
  );
});

interface FlowLinkProps {
  flow: Flow;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  onIntent: (event: { currentTarget: HTMLAnchorElement }) => void;
  onAbandon: () => void;
}

/** A flow's name, linking to its page. */
const FlowLink = memo(function FlowLink({ flow, onClick, onIntent, onAbandon }: FlowLinkProps) {
  const name = flowName(flow);
  return (
    <a
      href={`/flows/${String(flow.id)}`}
      data-flow-id={flow.id}
      className={`${classes.link} ${classes.line}`}
      title={name}
      onClick={onClick}
      onPointerEnter={onIntent}
      onPointerLeave={onAbandon}
      onFocus={onIntent}
      onBlur={onAbandon}
    >
      {name}
    </a>
  );
});

export interface FlowSelection {
  selected: ReadonlySet<number>;
  toggle: (flowId: number) => void;
  /** Selects every listed row (the filters' result, not only those drawn), or none when all are. */
  toggleAll: () => void;
}

const rowKey = (row: FlowRow) => row.flow.id;
/**
 * Every row is this tall: a name, a source and a destination keep to one line (whole on hover), a schedule
 * to two (a cron's expression beneath its words). The list then measures one row, not each as it is drawn.
 */
const FLOW_ROW_PX = 70;
const VIRTUAL = {
  estimateRowPx: FLOW_ROW_PX,
  fixedRows: true,
  estimateCardPx: 170,
  height: 'max(360px, calc(100dvh - 300px))',
  heightPx: () => Math.max(360, window.innerHeight - 300),
};

/**
 * Every flow, virtualised: only the rows in view are drawn, and only they ask for their status. Each row
 * has a checkbox for the bulk actions (a card's comes last); "select all" sits above the list, where it
 * serves the table and the cards alike. Memoised: the page draws itself on every keystroke, the table only
 * when its rows, the selection or the columns change; a row only when its flow, its place or its tick does, and
 * then its cells (each memoised on its flow) only when their flow did: a keystroke that moves a row up the list
 * draws its <tr> and nothing inside.
 */
export const FlowsTable = memo(function FlowsTable({
  rows,
  selected,
  toggle,
  showFreshness,
}: {
  rows: readonly FlowRow[];
  selected: ReadonlySet<number>;
  toggle: (flowId: number) => void;
  showFreshness: boolean;
}) {
  const router = useRouter();
  const columns = useMemo((): Column<FlowRow>[] => {
    // Plain links: a router Link per row builds its location and watches the router's state on every draw.
    // A plain click opens the flow in the app; with a modifier key the browser does what it does with links.
    let preload: ReturnType<typeof setTimeout> | undefined;
    const target = (event: MouseEvent<HTMLAnchorElement> | { currentTarget: HTMLAnchorElement }) => ({
      to: '/flows/$flowId' as const,
      params: { flowId: event.currentTarget.dataset.flowId ?? '' },
    });
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void router.navigate(target(event));
    };
    // As the router's links do (`defaultPreload: 'intent'`): a flow pointed at for a moment starts loading.
    const intend = (event: { currentTarget: HTMLAnchorElement }) => {
      clearTimeout(preload);
      const where = target(event);
      preload = setTimeout(() => {
        router.preloadRoute(where).catch(() => undefined);
      }, 50);
    };
    const abandon = () => {
      clearTimeout(preload);
    };
    const all: Column<FlowRow>[] = [
      {
        key: 'select',
        header: '',
        width: 44,
        cell: ({ flow }, _context, isSelected) => (
          <input
            type="checkbox"
            className={classes.check}
            aria-label={`Select ${flowName(flow)}`}
            checked={isSelected}
            onChange={() => {
              toggle(flow.id);
            }}
          />
        ),
      },
      {
        key: 'name',
        header: 'Name',
        width: '22%',
        primary: true,
        cell: ({ flow }) => <FlowLink flow={flow} onClick={follow} onIntent={intend} onAbandon={abandon} />,
      },
      { key: 'source', header: 'Source', width: '15%', cell: (row) => truncated(row.sourceName) },
      { key: 'destination', header: 'Destination', width: '15%', cell: (row) => truncated(row.destinationName) },
      { key: 'schedule', header: 'Schedule', width: '16%', cell: ({ flow, scheduleWords }) => <FlowScheduleCell flow={flow} words={scheduleWords} /> },
      { key: 'freshness', header: 'Freshness', width: '12%', cell: ({ flow }) => <FreshnessCell freshness={flow.freshness} /> },
      // While the list scrolls, rows flying by ask for no status.
      { key: 'status', header: 'Last attempt', width: '20%', cell: ({ flow }, { isScrolling }) => <FlowStatusCell flowId={flow.id} enabled={!isScrolling} /> },
    ];
    return showFreshness ? all : all.filter((column) => column.key !== 'freshness');
  }, [router, toggle, showFreshness]);
  const isSelected = useCallback((row: FlowRow) => selected.has(row.flow.id), [selected]);
  // One clock and one zone for every row's "5 min ago".
  const now = useNow(15_000);
  const zone = useTimeZoneChoice();
  const clock = useMemo(() => ({ now, format: dateFormat(zone) }), [now, zone]);
  return (
    <FlowsClockContext value={clock}>
      {/* The checkbox says a row is selected; the row keeps its colours (links on the highlight read at 4.46:1). */}
      <VirtualTable
        label="Flows"
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        isSelected={isSelected}
        highlightSelected={false}
        minWidth={900}
        virtual={VIRTUAL}
      />
    </FlowsClockContext>
  );
});
