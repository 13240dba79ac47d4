import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, lazy, memo, Suspense, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Flow } from '@/api/flows';
import { frequencyMs, scheduleOf } from '@/lib/schedule-basics';
import { flowQueries } from '@/resources/flows';
import { CellBadge } from './flow-cells';
import classes from './flows-list.module.css';

// Only a hovered or focused schedule shows its next runs: they are fetched then, not with the first rows.
const loadNextRuns = () => import('@/components/next-runs');
const NextRuns = lazy(() => loadNextRuns().then((module) => ({ default: module.NextRuns })));

/**
 * A row's schedule in words (cron times say UTC; worked out once per list, `words`), a cron's expression
 * beneath, Paused for a paused flow; the next runs on hover or focus. A frequency's next run comes from the
 * last attempt the row's status cell reads: the hint looks in the cache when it opens (the status cell does the
 * asking), so it costs no request, and a row drawn by a keystroke watches nothing. The next runs are worked
 * out and drawn only while shown.
 */
export const FlowScheduleCell = memo(function FlowScheduleCell({ flow, words }: { flow: Flow; words: string }) {
  const client = useQueryClient();
  const schedule = scheduleOf(flow);
  const [hint, setHint] = useState<{ anchor: DOMRect; lastRunAt: string | null | undefined } | null>(null);
  const hintId = useId();
  const cron = schedule.kind === 'cron' && <code className={classes.code}>{schedule.cron}</code>;
  if (flow.paused)
    return (
      <div className={classes.schedule}>
        <span className={classes.line} title={words}>
          {words}
        </span>
        <span className={classes.pair}>
          {cron}
          <CellBadge color="gray" variant="outline">
            Paused
          </CellBadge>
        </span>
      </div>
    );
  const hasNext = schedule.kind === 'cron' || (schedule.kind === 'frequency' && frequencyMs(schedule.frequency) !== null);
  if (!hasNext)
    return (
      <span className={classes.line} title={words}>
        {words}
      </span>
    );
  const show = (event: { currentTarget: HTMLElement }) => {
    void loadNextRuns();
    const status = client.getQueryData(flowQueries.statusKey(flow.id));
    const lastRunAt = status ? (status.lastAttempt?.createdAt ?? null) : undefined;
    // A frequency's next run is not known before its last attempt is: nothing to tell yet.
    if (schedule.kind === 'frequency' && lastRunAt === undefined) return;
    setHint({ anchor: event.currentTarget.getBoundingClientRect(), lastRunAt });
  };
  const hide = () => {
    setHint(null);
  };
  return (
    <div
      className={classes.schedule}
      // Focusable, like the tooltip it replaces: a keyboard reaches the next runs too.
      tabIndex={0}
      aria-describedby={hint ? hintId : undefined}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      <span className={classes.line} title={words}>
        {words}
      </span>
      {cron}
      {hint &&
        createPortal(
          // Nothing until the next runs' code is here: no empty tip.
          <Suspense fallback={null}>
            <div id={hintId} role="tooltip" className={classes.tip} style={hintPosition(hint.anchor)}>
              <NextRuns schedule={schedule} lastRunAt={hint.lastRunAt} count={3} variant="inline" />
            </div>
          </Suspense>,
          document.body,
        )}
    </div>
  );
});

/** Above the schedule, as Mantine's tooltip sits; below it near the top of the window. */
function hintPosition(anchor: DOMRect): CSSProperties {
  return anchor.top > 96 ? { left: anchor.left, bottom: window.innerHeight - anchor.top + 6 } : { left: anchor.left, top: anchor.bottom + 6 };
}
