import { VisuallyHidden } from '@mantine/core';
import { type CSSProperties, memo } from 'react';
import type { RunSpan } from '@/api/timeline';
import { RUN_STATE_COLORS, runStateOf } from '@/lib/run-status';
import { scheduledRunsBetween } from '@/lib/schedule';
import { type Axis, barOf, percentAt, type TimelineRow } from './timeline-rows';
import classes from './run-timeline.module.css';

/** A row shows at most this many scheduled ticks (a cron every minute over a day ahead would draw thousands). */
const MAX_TICKS = 60;

interface TimelineRowViewProps {
  row: TimelineRow;
  axis: Axis;
  /** The words a bar is read by (its label and the hover readout), and the row's scheduled runs. */
  describe: (row: TimelineRow, span: RunSpan) => string;
  describeTicks: (ticks: readonly Date[]) => string;
  onHover: (text: string | null) => void;
}

/** Where a bar leads: the flow's page with the attempt open, or the workflow's page. */
function spanHref(kind: TimelineRow['kind'], owner: number, spanId: number): string {
  return kind === 'flow' ? `/flows/${String(owner)}?attempt=${String(spanId)}` : `/workflows/${String(owner)}`;
}

/**
 * One flow or workflow: its name, its runs as bars (links, so each is focusable, labelled and opens its run) and
 * its scheduled runs ahead as ticks. Only rows in view are drawn, so a row may draw plain elements.
 */
export const TimelineRowView = memo(function TimelineRowView({ row, axis, describe, describeTicks, onHover }: TimelineRowViewProps) {
  // From the service's next due time: a run the scheduler will not start is never drawn at "now".
  const ticks = scheduledRunsBetween(row.schedule, row.nextRunAt, new Date(axis.now), new Date(axis.end), MAX_TICKS, row.timeZone);
  return (
    <div className={classes.row} role="listitem" aria-label={row.name}>
      <div className={classes.name} title={row.name}>
        {row.kind === 'workflow' && <span className={classes.kind}>Workflow · </span>}
        {row.name}
        {ticks.length > 0 && <VisuallyHidden>{describeTicks(ticks)}</VisuallyHidden>}
      </div>
      <div className={classes.track}>
        {row.spans.map((span) => {
          const { left, width } = barOf(span, axis);
          const color = RUN_STATE_COLORS[runStateOf(span)];
          const label = describe(row, span);
          return (
            // Plain links (the list handles their clicks through the router): hundreds are drawn at once.
            <a
              key={`${span.kind}-${String(span.id)}`}
              href={spanHref(row.kind, row.id, span.id)}
              data-kind={row.kind}
              data-owner={row.id}
              data-run={span.id}
              className={span.completedAt === null ? `${classes.bar} ${classes.running}` : classes.bar}
              style={
                {
                  left: `${String(left)}%`,
                  width: `${String(width)}%`,
                  '--bar-color': `var(--mantine-color-${color}-6)`,
                  '--bar-color-light': `var(--mantine-color-${color}-3)`,
                } as CSSProperties
              }
              aria-label={label}
              data-state={runStateOf(span)}
              onPointerEnter={() => {
                onHover(label);
              }}
              onFocus={() => {
                onHover(label);
              }}
              onPointerLeave={() => {
                onHover(null);
              }}
            />
          );
        })}
        {ticks.map((tick) => (
          <span key={tick.getTime()} className={classes.tick} style={{ left: `${String(percentAt(axis, tick.getTime()))}%` }} aria-hidden data-tick />
        ))}
      </div>
    </div>
  );
});
