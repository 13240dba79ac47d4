import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, type Ref, useImperativeHandle, useRef } from 'react';
import type { LogLine } from '@/api/attempt-logs';
import type { DateFormat } from '@/lib/format';
import { splitOnMatches } from './filter-log-lines';
import classes from './log-lines.module.css';

// The log's lines, virtualised: every row is one text line of a fixed height, so only the rows in view
// (and a few beyond) are in the DOM and 100,000 lines scroll like 40. Long lines scroll sideways.

export const ROW_PX = 20;
const OVERSCAN = 20;
/** The box is never shorter than this many rows (the empty and no-match texts fit). */
const MIN_ROWS = 3;
/** jsdom lays out nothing: assume a box of this size there, so tests see rows. */
const FALLBACK_RECT = { width: 1000, height: 480 };

export interface LogLinesHandle {
  scrollToLine: (index: number, align: 'center' | 'end') => void;
  /** How far the box is from its bottom, in px. */
  distanceFromBottom: () => number;
}

interface LogLinesProps {
  lines: readonly LogLine[];
  search: string;
  label: string;
  format: DateFormat;
  /** The line jumped to, outlined. */
  current: number | null;
  emptyText: string;
  onScroll: () => void;
  ref?: Ref<LogLinesHandle>;
}

export function LogLines({ lines, search, label, format, current, emptyText, onScroll, ref }: LogLinesProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here is memoised
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => {
        callback(rect.height > 0 ? rect : FALLBACK_RECT);
      }),
  });
  useImperativeHandle(
    ref,
    () => ({
      // Rows have one fixed height, so a line's offset is exact: the box is scrolled directly, with no
      // reconciling by the virtualizer to fight a user who scrolls at the same moment.
      scrollToLine: (index, align) => {
        const box = scrollRef.current;
        if (!box) return;
        const top = align === 'end' ? (index + 1) * ROW_PX - box.clientHeight : index * ROW_PX - (box.clientHeight - ROW_PX) / 2;
        box.scrollTop = Math.max(0, top);
      },
      distanceFromBottom: () => {
        const box = scrollRef.current;
        return box ? box.scrollHeight - box.scrollTop - box.clientHeight : 0;
      },
    }),
    [],
  );
  return (
    <div
      ref={scrollRef}
      className={classes.viewport}
      // As tall as its lines, up to the CSS height: a short log leaves no empty box below it.
      style={{ maxHeight: `${String(Math.max(lines.length, MIN_ROWS) * ROW_PX + 2)}px` }}
      role="log"
      aria-label={label}
      aria-live="off"
      tabIndex={0}
      onScroll={onScroll}
    >
      {lines.length === 0 ? (
        <div className={classes.empty}>{emptyText}</div>
      ) : (
        <div className={classes.canvas} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            return line ? <LogRow key={item.key} line={line} top={item.start} search={search} format={format} current={item.index === current} /> : null;
          })}
        </div>
      )}
    </div>
  );
}

interface LogRowProps {
  line: LogLine;
  top: number;
  search: string;
  format: DateFormat;
  current: boolean;
}

/** One line: time, level, resource, message, with the search's matches marked. */
const LogRow = memo(function LogRow({ line, top, search, format, current }: LogRowProps) {
  return (
    <div className={classes.row} style={{ transform: `translateY(${String(top)}px)` }} data-level={line.level} data-current={current || undefined}>
      <span className={classes.time}>{format.clockTime(line.at)}</span>{' '}
      <span className={classes.level} data-level={line.level}>
        {line.level.toUpperCase()}
      </span>{' '}
      {line.resource && (
        <>
          <span className={classes.resource}>
            <Marked text={line.resource} search={search} />
          </span>{' '}
        </>
      )}
      <Marked text={line.message} search={search} />
    </div>
  );
});

function Marked({ text, search }: { text: string; search: string }) {
  const pieces = splitOnMatches(text, search);
  if (pieces.length === 1) return text;
  return pieces.map((piece, index) =>
    index % 2 === 1 ? (
      <mark key={index} className={classes.match}>
        {piece}
      </mark>
    ) : (
      piece
    ),
  );
}
