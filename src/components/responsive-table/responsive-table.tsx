import { Table } from '@mantine/core';
import { CardView } from './card-view';
import type { CellContext, Column, ShownRow } from './columns';
import { TableView } from './table-view';
import { useStackedLayout } from './use-stacked-layout';

export type { CellContext, Column } from './columns';

export interface ResponsiveTableProps<T> {
  /** Names the table (or the list of cards) for screen readers and tests. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  isSelected?: (row: T) => boolean;
  /** False: a selected row looks like the others (its cells, a checkbox, say it); true by default. */
  highlightSelected?: boolean;
  busy?: boolean;
  /** Wide screens: below this width the table scrolls sideways (narrow screens get cards instead). */
  minWidth?: number;
}

// Two contexts, never a new one per render: a memoised row whose data did not change is not drawn again.
export const STILL: CellContext = { isScrolling: false };
export const SCROLLING: CellContext = { isScrolling: true };

/**
 * Every list of the dashboard: a table on wide screens, stacked cards below 600 px wide (the key fields of
 * each row visible, nothing scrolling sideways). A long list (flows) is a VirtualTable instead.
 */
export function ResponsiveTable<T>({ label, columns, rows, rowKey, isSelected, highlightSelected = true, busy, minWidth }: ResponsiveTableProps<T>) {
  const stacked = useStackedLayout();
  const common = { label, columns, isSelected, highlightSelected, busy };
  const shown = rows.map((row, index): ShownRow<T> => ({ row, index, key: rowKey(row) }));
  if (stacked) return <CardView {...common} shown={shown} context={STILL} />;
  const table = <TableView {...common} shown={shown} context={STILL} />;
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
