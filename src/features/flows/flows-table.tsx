import { Checkbox, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { FreshnessBadge } from '@/components/freshness-badge';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { flowName } from '@/lib/flow-name';
import type { FlowRow } from './filter-flows';
import { FlowScheduleCell } from './flow-schedule-cell';
import { FlowStatusCell } from './flow-status-cell';

const truncated = (text: string) => (
  <Text size="sm" truncate="end" title={text}>
    {text}
  </Text>
);

const columns: Column<FlowRow>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '22%',
    primary: true,
    cell: ({ flow }) => (
      <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }} fw={500}>
        {flowName(flow)}
      </AnchorLink>
    ),
  },
  { key: 'source', header: 'Source', width: '15%', cell: (row) => truncated(row.sourceName) },
  { key: 'destination', header: 'Destination', width: '15%', cell: (row) => truncated(row.destinationName) },
  { key: 'schedule', header: 'Schedule', width: '16%', cell: ({ flow }) => <FlowScheduleCell flow={flow} /> },
  { key: 'freshness', header: 'Freshness', width: '12%', cell: ({ flow }) => <FreshnessBadge freshness={flow.freshness} size="sm" /> },
  // While the list scrolls, rows flying by ask for no status.
  { key: 'status', header: 'Last attempt', width: '20%', cell: ({ flow }, { isScrolling }) => <FlowStatusCell flowId={flow.id} enabled={!isScrolling} /> },
];

export interface FlowSelection {
  selected: ReadonlySet<number>;
  toggle: (flowId: number) => void;
  /** Selects every listed row (the filters' result, not only those drawn), or none when all are. */
  toggleAll: () => void;
}

const rowKey = (row: FlowRow) => row.flow.id;
// Most rows are two lines tall (a long name wraps, a cron shows its expression): guessing their height right
// spares the list re-measuring and re-drawing itself as each new row is measured.
const VIRTUAL = { estimateRowPx: 70, estimateCardPx: 170, height: 'max(360px, calc(100dvh - 300px))' };

/**
 * Every flow, virtualised: only the rows in view are drawn, and only they ask for their status. Each row
 * has a checkbox for the bulk actions (a card's comes last); "select all" sits above the list, where it
 * serves the table and the cards alike. Memoised: the page draws itself on every keystroke, the table only
 * when its rows, the selection or the columns change.
 */
export const FlowsTable = memo(function FlowsTable({
  rows,
  selection,
  showFreshness,
}: {
  rows: readonly FlowRow[];
  selection: FlowSelection;
  showFreshness: boolean;
}) {
  const { selected, toggle } = selection;
  const shownColumns = useMemo(() => {
    const select: Column<FlowRow> = {
      key: 'select',
      header: '',
      width: 44,
      cell: ({ flow }) => (
        <Checkbox
          aria-label={`Select ${flowName(flow)}`}
          checked={selected.has(flow.id)}
          onChange={() => {
            toggle(flow.id);
          }}
        />
      ),
    };
    return [select, ...(showFreshness ? columns : columns.filter((column) => column.key !== 'freshness'))];
  }, [selected, toggle, showFreshness]);
  return <ResponsiveTable label="Flows" columns={shownColumns} rows={rows} rowKey={rowKey} minWidth={900} virtual={VIRTUAL} />;
});
