import { Table } from '@mantine/core';
import { type CSSProperties, memo, type ReactNode, type Ref } from 'react';
import type { CellContext, Column, ViewProps } from './columns';
import classes from './table-view.module.css';

interface TableViewProps<T> extends ViewProps<T, HTMLTableRowElement> {
  /** Inside a virtualised list's own scrolling box, the table keeps this width and the box scrolls sideways. */
  minWidth?: number | undefined;
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** The header row: drawn again only when the columns change, not with every change of rows. */
const Head = memo(function Head({ columns }: { columns: readonly Pick<Column<unknown>, 'key' | 'width' | 'align' | 'header'>[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column.key} w={column.width} ta={column.align}>
            {column.header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
});

/** A real <table> (the semantics screen readers and tests rely on), with spacer rows when virtualised. */
export function TableView<T>({ label, columns, shown, context, isSelected, highlightSelected = true, busy, minWidth, virtual }: TableViewProps<T>) {
  return (
    <Table
      aria-label={label}
      aria-busy={busy}
      aria-rowcount={virtual ? virtual.count + 1 : undefined}
      highlightOnHover
      stickyHeader={virtual !== undefined}
      layout={virtual ? 'fixed' : undefined}
      verticalSpacing="xs"
      miw={minWidth}
    >
      <Head columns={columns} />
      <Table.Tbody>
        <Spacer height={virtual?.padTop ?? 0} columns={columns.length} />
        {shown.map(({ row, index, key }) => (
          <TableRow
            key={key}
            row={row}
            index={index}
            columns={columns}
            context={context}
            selected={isSelected?.(row) ?? false}
            highlight={highlightSelected}
            measure={virtual?.measure}
            fixedPx={virtual?.rowPx}
            rowIndex={virtual ? index + 2 : undefined}
          />
        ))}
        <Spacer height={virtual?.padBottom ?? 0} columns={columns.length} />
      </Table.Tbody>
    </Table>
  );
}

interface TableRowProps<T> {
  row: T;
  index: number;
  columns: readonly Column<T>[];
  context: CellContext;
  selected: boolean;
  highlight: boolean;
  measure: Ref<HTMLTableRowElement> | undefined;
  rowIndex: number | undefined;
  /** Every row this tall (a virtualised list of fixed row height). */
  fixedPx: number | undefined;
}

/**
 * One row, memoised: a change that leaves a row as it was (another row selected, with columns the list keeps the
 * same) does not draw its cells again. Plain elements styled like Mantine's (table-view.module.css): a list
 * draws rows by the dozen on every keystroke of its search.
 */
const TableRow = memo(function TableRow<T>({ row, index, columns, context, selected, highlight, measure, rowIndex, fixedPx }: TableRowProps<T>) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={rowIndex}
      data-selected={(highlight && selected) || undefined}
      className={fixedPx === undefined ? classes.row : `${classes.row} ${classes.fixed}`}
      style={fixedPx === undefined ? undefined : ({ '--row-px': `${String(fixedPx)}px` } as CSSProperties)}
    >
      {columns.map((column) => (
        <td key={column.key} className={classes.cell} data-align={column.align}>
          {column.cell(row, context, selected)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: TableRowProps<T>) => ReactNode;
