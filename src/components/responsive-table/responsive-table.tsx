import { Table } from '@mantine/core';
import { type ReactNode, type RefObject, useRef } from 'react';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { CardView } from './card-view';
import type { CellContext, Column, ShownRow } from './columns';
import { TableView } from './table-view';
import { useStackedLayout } from './use-stacked-layout';
import type { VirtualWindow } from './virtual-rows';

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
 * Up to this many rows a virtual list draws them all in its box, without the virtualiser: they cost less to draw
 * than the virtualiser's code (about 10 KB gzip) costs to fetch and run, which comes only for longer lists.
 */
export const VIRTUAL_FROM_ROWS = 60;
const virtualRows = onDemand(() => import('./virtual-rows'));

/**
 * How many rows of a long list to draw while its virtualiser loads: as many as its box shows, no more. A row
 * drawn is a row that asks for its status; drawing 60 when 8 are in view asked for 52 statuses nobody saw.
 */
function rowsInBox(heightPx: (() => number) | undefined, estimatePx: number): number {
  const box = heightPx ? heightPx() : window.innerHeight;
  return Math.min(VIRTUAL_FROM_ROWS, Math.ceil(box / estimatePx) + 1);
}

/** The virtual list's scrolling box with every row in it (a short list), or the rows in view while the virtualiser loads. */
function AllRows<T>({
  rows,
  rowKey,
  label,
  height,
  heightPx,
  estimatePx,
  fixed,
  takeOverRef,
  children,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  label: string;
  height: string;
  heightPx: (() => number) | undefined;
  estimatePx: number;
  fixed: boolean;
  takeOverRef: RefObject<TakeOver>;
  children: (window: VirtualWindow<T>) => ReactNode;
}) {
  const drawn = rows.length > VIRTUAL_FROM_ROWS ? rows.slice(0, rowsInBox(heightPx, estimatePx)) : rows;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
      style={{ height, overflow: 'auto', contain: 'strict' }}
      onScroll={(event) => {
        takeOverRef.current.offset = event.currentTarget.scrollTop;
      }}
      onFocus={(event) => {
        if (event.target === event.currentTarget) takeOverRef.current.focused = true;
      }}
      onBlur={(event) => {
        if (event.target === event.currentTarget) takeOverRef.current.focused = false;
      }}
    >
      {children({
        shown: drawn.map((row, index) => ({ row, index, key: rowKey(row) })),
        count: rows.length,
        padTop: 0,
        padBottom: (rows.length - drawn.length) * estimatePx,
        measure: undefined,
        rowPx: fixed ? estimatePx : undefined,
        isScrolling: false,
      })}
    </div>
  );
}

/**
 * Every list of the dashboard: a table on wide screens, stacked cards below 600 px wide (the key fields of
 * each row visible, nothing scrolling sideways), virtualised for long lists in either form.
 */
export function ResponsiveTable<T>({ label, columns, rows, rowKey, isSelected, highlightSelected = true, busy, minWidth, virtual }: ResponsiveTableProps<T>) {
  const stacked = useStackedLayout();
  // The virtualiser comes when a list first grows long, and is kept.
  const long = virtual !== undefined && rows.length > VIRTUAL_FROM_ROWS;
  const virtualiser = useOnDemand(virtualRows, long);
  const takeOverRef = useRef<TakeOver>({ offset: 0, focused: false });
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
    const VirtualRows = long ? virtualiser?.VirtualRows : undefined;
    return VirtualRows ? (
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
        takeOverRef={takeOverRef}
      >
        {render}
      </VirtualRows>
    ) : (
      <AllRows
        rows={rows}
        rowKey={rowKey}
        label={label}
        height={virtual.height}
        heightPx={virtual.heightPx}
        estimatePx={estimatePx}
        fixed={fixed}
        takeOverRef={takeOverRef}
      >
        {render}
      </AllRows>
    );
  }
  const shown = rows.map((row, index): ShownRow<T> => ({ row, index, key: rowKey(row) }));
  if (stacked) return <CardView {...common} shown={shown} context={STILL} />;
  const table = <TableView {...common} shown={shown} context={STILL} />;
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}

/**
 * Where the first rows' box was scrolled to and whether it had focus: the virtualiser's box replaces it and
 * takes both over, so a user who scrolled or tabbed in before it arrived stays where they were.
 */
export interface TakeOver {
  offset: number;
  focused: boolean;
}
