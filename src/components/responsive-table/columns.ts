import type { ReactNode, Ref } from 'react';

/** What a cell may know beyond its row: a virtualised list is scrolling (rows then ask the service nothing). */
export interface CellContext {
  isScrolling: boolean;
}

/**
 * One column of a list: a table column on wide screens, a labelled line of a card on narrow ones. The list
 * says which fields a card keeps, so the key ones stay visible on a phone.
 */
export interface Column<T> {
  key: string;
  /** The column's header, and the label of its line in a card; empty for an actions column. */
  header: string;
  /** `selected`: the list's `isSelected` says this row is (a selection checkbox reads it; the row redraws when it changes). */
  cell: (row: T, context: CellContext, selected: boolean) => ReactNode;
  /** The card's title (one column per list, usually the name). */
  primary?: boolean;
  /** Left out of cards: a detail the table has room for. */
  hideInCard?: boolean;
  /** Table column width (a fixed-layout table shares the rest). */
  width?: number | string;
  align?: 'left' | 'right';
}

/** A row to draw: a virtualised list draws only some, so each carries its index in the whole list. */
export interface ShownRow<T> {
  row: T;
  index: number;
  key: string | number;
}

/** What the table and the card views both draw from; `E` is the element a virtualised list measures. */
export interface ViewProps<T, E extends Element> {
  label: string;
  columns: readonly Column<T>[];
  shown: readonly ShownRow<T>[];
  context: CellContext;
  isSelected?: ((row: T) => boolean) | undefined;
  /** False: selected rows are not coloured apart. */
  highlightSelected?: boolean | undefined;
  busy?: boolean | undefined;
  /**
   * Virtualised: the whole list's length, the blank space above and below the drawn rows, and their measure
   * (none when every row has the same height, `rowPx`).
   */
  virtual?: { count: number; padTop: number; padBottom: number; measure: Ref<E> | undefined; rowPx?: number | undefined } | undefined;
}
