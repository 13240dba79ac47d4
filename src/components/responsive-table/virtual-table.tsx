import { CardView } from './card-view';
import { type ResponsiveTableProps, SCROLLING, STILL } from './responsive-table';
import { TableView } from './table-view';
import { useStackedLayout } from './use-stacked-layout';
import { VirtualRows, type VirtualWindow } from './virtual-rows';

interface VirtualTableProps<T> extends ResponsiveTableProps<T> {
  /**
   * Only the rows in view are drawn, in a scrolling box of this height. `fixedRows`: every table row is
   * `estimateRowPx` tall (its cells keep to their lines), so rows are not measured one by one.
   */
  virtual: {
    estimateRowPx: number;
    estimateCardPx: number;
    height: string;
    fixedRows?: boolean;
    /** `height` in pixels, worked out without laying the page out (from the window's size). */
    heightPx?: () => number;
  };
}

/** A ResponsiveTable for long lists (thousands of flows): table or cards alike, only the rows in view drawn. */
export function VirtualTable<T>({ label, columns, rows, rowKey, isSelected, highlightSelected = true, busy, minWidth, virtual }: VirtualTableProps<T>) {
  const stacked = useStackedLayout();
  const common = { label, columns, isSelected, highlightSelected, busy };
  const render = ({ shown, count, padTop, padBottom, measure, rowPx, isScrolling }: VirtualWindow<T>) => {
    const context = isScrolling ? SCROLLING : STILL;
    return stacked ? (
      <CardView {...common} shown={shown} context={context} virtual={{ count, padTop, padBottom, measure }} />
    ) : (
      // No scroll container of its own: the header sticks to the virtual box, which scrolls both ways.
      <TableView {...common} minWidth={minWidth} shown={shown} context={context} virtual={{ count, padTop, padBottom, measure, rowPx }} />
    );
  };
  return (
    <VirtualRows
      // Cards and rows differ in height: a change of form measures afresh.
      key={stacked ? 'cards' : 'table'}
      rows={rows}
      rowKey={rowKey}
      estimatePx={stacked ? virtual.estimateCardPx : virtual.estimateRowPx}
      fixed={!stacked && virtual.fixedRows === true}
      expectedHeightPx={virtual.heightPx}
      label={label}
      height={virtual.height}
    >
      {render}
    </VirtualRows>
  );
}
