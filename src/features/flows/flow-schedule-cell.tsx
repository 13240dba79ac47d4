import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Flow } from '@/api/flows';
import { NextRuns } from '@/components/next-runs';
import { describeSchedule, frequencyMs, scheduleOf } from '@/lib/schedule';
import { flowQueries } from '@/resources/flows';
import { CellBadge } from './flow-cells';
import classes from './flows-list.module.css';

/**
 * A row's schedule in words (cron times say UTC), a cron's expression beneath, Paused for a paused flow; the
 * next runs on hover or focus. A frequency's next run comes from the last attempt the row's status cell reads:
 * this only looks in the cache (the status cell does the asking), so it costs no request. The next runs are
 * worked out and drawn only while shown, so a keystroke that draws new rows computes none.
 */
export function FlowScheduleCell({ flow }: { flow: Flow }) {
  const { data } = useQuery({ ...flowQueries.status(flow.id), enabled: false });
  const lastRunAt = data ? (data.lastAttempt?.createdAt ?? null) : undefined;
  const schedule = scheduleOf(flow);
  const words = describeSchedule(schedule);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const hintId = useId();
  const cron = schedule.kind === 'cron' && <code className={classes.code}>{schedule.cron}</code>;
  if (flow.paused)
    return (
      <div className={classes.schedule}>
        <span className={classes.line}>{words}</span>
        <span className={classes.pair}>
          {cron}
          <CellBadge color="gray" variant="outline">
            Paused
          </CellBadge>
        </span>
      </div>
    );
  const hasNext = schedule.kind === 'cron' || (schedule.kind === 'frequency' && frequencyMs(schedule.frequency) !== null && lastRunAt !== undefined);
  if (!hasNext) return <span className={classes.line}>{words}</span>;
  const show = (event: { currentTarget: HTMLElement }) => {
    setAnchor(event.currentTarget.getBoundingClientRect());
  };
  const hide = () => {
    setAnchor(null);
  };
  return (
    <div
      className={classes.schedule}
      // Focusable, like the tooltip it replaces: a keyboard reaches the next runs too.
      tabIndex={0}
      aria-describedby={anchor ? hintId : undefined}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      <span className={classes.line}>{words}</span>
      {cron}
      {anchor &&
        createPortal(
          <div id={hintId} role="tooltip" className={classes.tip} style={hintPosition(anchor)}>
            <NextRuns schedule={schedule} lastRunAt={lastRunAt} count={3} variant="inline" />
          </div>,
          document.body,
        )}
    </div>
  );
}

/** Above the schedule, as Mantine's tooltip sits; below it near the top of the window. */
function hintPosition(anchor: DOMRect): CSSProperties {
  return anchor.top > 96 ? { left: anchor.left, bottom: window.innerHeight - anchor.top + 6 } : { left: anchor.left, top: anchor.bottom + 6 };
}
