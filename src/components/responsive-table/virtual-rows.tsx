import { elementScroll, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ShownRow } from './columns';

/** Rows drawn beyond the visible ones, so a short scroll shows no blank. */
const OVERSCAN = 8;
const FALLBACK_RECT = { width: 1200, height: 900 };
/** Scrolling boxes the virtualiser has been given: the first time it sets one to the top, it is already there. */
const placed = new WeakSet<Element>();

export interface VirtualWindow<T> {
  shown: ShownRow<T>[];
  count: number;
  padTop: number;
  padBottom: number;
  /** Measures each drawn row; undefined when every row has the same height (`rowPx`). */
  measure: ((element: Element | null) => void) | undefined;
  rowPx: number | undefined;
  isScrolling: boolean;
}

interface VirtualRowsProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** A first guess of a row's height; rows are measured once drawn. */
  estimatePx: number;
  /**
   * Every row is `estimatePx` tall (its cells keep to their lines): one drawn row is measured once, to the
   * pixel, instead of each row as it is drawn, which forces a layout of the list in every commit.
   */
  fixed?: boolean;
  /** The scrolling box's height in pixels as `height` will make it, worked out without laying out the page. */
  expectedHeightPx?: (() => number) | undefined;
  /** The scrolling box's name and height. */
  label: string;
  height: string;
  children: (window: VirtualWindow<T>) => ReactNode;
}

/**
 * Only the rows in view are in the DOM, so 10,000 rows scroll like 20: a scrolling box of its own, the rows in
 * view (measured as drawn) and the blank space for the others.
 */
export function VirtualRows<T>({ rows, rowKey, estimatePx, fixed = false, expectedHeightPx, label, height, children }: VirtualRowsProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);

  const [measuredPx, setMeasuredPx] = useState<number | null>(null);
  const sizePx = fixed ? (measuredPx ?? estimatePx) : estimatePx;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here is memoised
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => sizePx,
    overscan: OVERSCAN,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    // On mounting, the virtualiser scrolls the box to where it already is (the top of a box just drawn), which
    // lays the page out in the middle of React's commit: that first scroll is left out.
    scrollToFn: (offset, options, instance) => {
      const element = instance.scrollElement;
      if (element && !placed.has(element)) {
        placed.add(element);
        if (offset === 0 && !options.adjustments) return;
      }
      elementScroll(offset, options, instance);
    },
    // A box not laid out yet (or jsdom, which lays out nothing) measures 0: assume a screenful of rows.
    initialRect: expectedHeightPx ? { width: FALLBACK_RECT.width, height: expectedHeightPx() } : FALLBACK_RECT,
    observeElementRect: (instance, callback) => {
      const element = instance.scrollElement;
      const follow = (rect: { width: number; height: number }) => {
        callback(rect.height > 0 ? rect : FALLBACK_RECT);
      };
      // Knowing the box's height ahead, the first draw does not lay out the page to measure it (in the middle
      // of React's commit, and again once the rows' effects have run): the box is measured once the browser
      // lays it out anyway, and the rows follow if the guess was wrong.
      if (!expectedHeightPx || !element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, follow);
      const observer = new ResizeObserver(() => {
        follow({ width: element.offsetWidth, height: element.offsetHeight });
      });
      observer.observe(element);
      return () => {
        observer.disconnect();
      };
    },
  });
  const items = virtualizer.getVirtualItems();
  const drawnCount = items.length;
  // After the first rows are painted (a layout effect would lay the page out in the middle of the commit).
  useEffect(() => {
    if (!fixed || measuredPx !== null || drawnCount === 0) return;
    const drawn = scrollRef.current?.querySelector('[data-index]');
    const px = drawn?.getBoundingClientRect().height ?? 0;
    // jsdom (and a box not laid out yet) measures nothing: keep the estimate.
    if (px > 0) setMeasuredPx(px);
  }, [fixed, measuredPx, drawnCount]);
  useLayoutEffect(() => {
    if (measuredPx !== null) virtualizer.measure();
  }, [measuredPx, virtualizer]);
  const shown = items.flatMap((item): ShownRow<T>[] => {
    const row = rows[item.index];
    return row === undefined ? [] : [{ row, index: item.index, key: item.key as string | number }];
  });
  return (
    <div ref={scrollRef} tabIndex={0} role="region" aria-label={`${label}, scrollable`} style={{ height, overflow: 'auto', contain: 'strict' }}>
      {children({
        shown,
        count: rows.length,
        padTop: items[0]?.start ?? 0,
        padBottom: virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0),
        measure: fixed ? undefined : virtualizer.measureElement,
        rowPx: fixed ? estimatePx : undefined,
        isScrolling: virtualizer.isScrolling,
      })}
    </div>
  );
}
