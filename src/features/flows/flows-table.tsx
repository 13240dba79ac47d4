import { Text } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
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
    width: '28%',
    primary: true,
    cell: ({ flow }) => (
      <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }} fw={500}>
        {flow.displayName || `Flow ${String(flow.id)}`}
      </AnchorLink>
    ),
  },
  { key: 'source', header: 'Source', width: '17%', cell: (row) => truncated(row.sourceName) },
  { key: 'destination', header: 'Destination', width: '17%', cell: (row) => truncated(row.destinationName) },
  { key: 'schedule', header: 'Schedule', width: '18%', cell: ({ flow }) => <FlowScheduleCell flow={flow} /> },
  // While the list scrolls, rows flying by ask for no status.
  { key: 'status', header: 'Last attempt', width: '20%', cell: ({ flow }, { isScrolling }) => <FlowStatusCell flowId={flow.id} enabled={!isScrolling} /> },
];

/** Every flow, virtualised: only the rows in view are drawn, and only they ask for their status. */
export function FlowsTable({ rows }: { rows: readonly FlowRow[] }) {
  return (
    <ResponsiveTable
      label="Flows"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.flow.id}
      minWidth={900}
      virtual={{ estimateRowPx: 52, estimateCardPx: 170, height: 'max(360px, calc(100dvh - 300px))' }}
    />
  );
}
