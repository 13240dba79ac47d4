import { Table } from '@mantine/core';
import { CardView } from './card-view';
import type { CellContext, Column, ShownRow } from './columns';
import { TableView } from './table-view';
import { useStackedLayout } from './use-stacked-layout';
import { VirtualRows, type VirtualWindow } from './virtual-rows';

export type { CellContext, Column } from './columns';

interface ResponsiveTableProps<T> {
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
  /**
   * Draw only the rows in view, in a scrolling box of this height (long lists: flows). `fixedRows`: every table
   * row is `estimateRowPx` tall (its cells keep to their lines), so rows are not measured one by one.
   */
  virtual?: {
    estimateRowPx: number;
    estimateCardPx: number;
    height: string;
    fixedRows?: boolean;
    /** `height` in pixels, worked out without laying the page out (from the window's size). */
    heightPx?: () => number;
  };
}

// Two contexts, never a new one per render: a memoised row whose data did not change is not drawn again.
const STILL: CellContext = { isScrolling: false };
const SCROLLING: CellContext = { isScrolling: true };

/**
 * Every list of the dashboard: a table on wide screens, stacked cards below 600 px wide (the key fields of
 * each row visible, nothing scrolling sideways), virtualised for long lists in either form.
 */
export function ResponsiveTable<T>({ label, columns, rows, rowKey, isSelected, highlightSelected = true, busy, minWidth, virtual }: ResponsiveTableProps<T>) {
  const stacked = useStackedLayout();
  const common = { label, columns, isSelected, highlightSelected, busy };
  if (virtual) {
    const render = ({ shown, count, padTop, padBottom, measure, rowPx, isScrolling }: VirtualWindow<T>) => {
      const context = isScrolling ? SCROLLING : STILL;
      return stacked ? (
        <CardView {...common} shown={shown} context={context} virtual={{ count, padTop, padBottom, measure }} />
      ) : (
        // No scroll container of its own: the header sticks to the virtual box, which scrolls both ways.
        <TableView {...common} minWidth={minWidth} shown={shown} context={context} virtual={{ count, padTop, padBottom, measure, rowPx }} />
      );
    };
    const estimatePx = stacked ? virtual.estimateCardPx : virtual.estimateRowPx;
    const fixed = !stacked && virtual.fixedRows === true;
    return (
      <VirtualRows
        // Cards and rows differ in height: a change of form measures afresh.
        key={stacked ? 'cards' : 'table'}
        rows={rows}
        rowKey={rowKey}
        estimatePx={estimatePx}
        fixed={fixed}
        expectedHeightPx={virtual.heightPx}
        label={label}
        height={virtual.height}
      >
        {render}
      </VirtualRows>
    );
  }
  const shown = rows.map((row, index): ShownRow<T> => ({ row, index, key: rowKey(row) }));
  if (stacked) return <CardView {...common} shown={shown} context={STILL} />;
  const table = <TableView {...common} shown={shown} context={STILL} />;
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
