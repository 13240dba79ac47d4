import { useNavigate } from '@tanstack/react-router';
import { type CSSProperties, type MouseEvent, useCallback, useMemo } from 'react';
import type { Flow } from '@/api/flows';
import type { RunSpan } from '@/api/timeline';
import type { Workflow } from '@/api/workflows';
import { VirtualRows } from '@/components/responsive-table/virtual-rows';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatDuration, runDurationMs } from '@/lib/format';
import { runStateLabel } from '@/lib/run-status';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { ROW_HEIGHT, VISIBLE_ROWS } from './timeline-geometry';
import { TimelineRowView } from './timeline-row';
import { axisAt, percentAt, type TimelineRow, timelineRows } from './timeline-rows';
import classes from './run-timeline.module.css';
import { serviceNow } from '@/api/service-clock';

interface TimelineChartProps {
  flows: readonly Flow[];
  workflows: readonly Workflow[];
  spans: readonly RunSpan[];
  windowMs: number;
  narrow: boolean;
  onHover: (text: string | null) => void;
}

/**
 * The timeline's rows: the axis, then a virtualised row per flow and workflow with its runs as bars and its
 * scheduled runs ahead as ticks. Its own chunk (the schedules' cron reading and the virtual list come with it),
 * fetched while the timeline's data is on its way, so the overview paints without waiting for it.
 */
export function TimelineChart({ flows, workflows, spans, windowMs, narrow, onHover }: TimelineChartProps) {
  const format = useDateFormat();
  const now = useNow(1_000);
  const axis = useMemo(() => axisAt(now, windowMs), [now, windowMs]);
  const rows = useMemo(() => timelineRows(flows, workflows, spans), [flows, workflows, spans]);
  const navigate = useNavigate();
  // One handler for every bar: a plain click opens the run in the app, a modified one (new tab) is the browser's.
  const openRun = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const bar = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-run]');
      if (!bar || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const owner = bar.dataset.owner ?? '';
      if (bar.dataset.kind === 'flow') void navigate({ to: '/flows/$flowId', params: { flowId: owner }, search: { attempt: Number(bar.dataset.run) } });
      else void navigate({ to: '/workflows/$workflowId', params: { workflowId: owner } });
    },
    [navigate],
  );

  const describe = useCallback(
    (row: TimelineRow, span: RunSpan) => {
      const took = runDurationMs(span.createdAt, span.completedAt, serviceNow());
      const what = row.kind === 'flow' ? `attempt ${attemptLabel(span.number ?? undefined)}` : `workflow run ${String(span.id)}`;
      const timing = took === null ? '' : `, ${span.completedAt ? 'took' : 'running for'} ${formatDuration(took)}`;
      return `${row.name}: ${what}, ${runStateLabel(span)}, started ${format.dateTime(span.createdAt)}${timing}`;
    },
    [format],
  );
  const describeTicks = useCallback(
    (ticks: readonly Date[]) =>
      `${ticks.length === 1 ? '1 scheduled run' : `${String(ticks.length)} scheduled runs`} ahead, next ${format.dateTimeMinutes(ticks[0])}`,
    [format],
  );
  const style = {
    '--timeline-name-width': narrow ? '110px' : '220px',
    '--timeline-row-height': `${String(ROW_HEIGHT)}px`,
    '--timeline-now': `${String(percentAt(axis, axis.now))}%`,
  } as CSSProperties;

  return (
    <div style={style}>
      <div className={classes.axis} aria-hidden>
        <span />
        <div className={classes.axisTrack}>
          <span className={classes.axisLabel} style={{ left: 0 }}>
            {narrow ? format.weekdayTime(axis.start).replace(/^\w+, /, '') : format.weekdayTime(axis.start)}
          </span>
          <span className={classes.axisLabel} style={{ left: 'var(--timeline-now)', transform: 'translateX(-50%)' }}>
            now
          </span>
        </div>
      </div>
      <VirtualRows
        rows={rows}
        rowKey={(row) => row.key}
        estimatePx={ROW_HEIGHT}
        label="Timeline rows"
        height={`${String(Math.min(rows.length, VISIBLE_ROWS) * ROW_HEIGHT + 2)}px`}
      >
        {(shown) => (
          <div role="list" aria-label="Runs by flow and workflow" style={{ paddingTop: shown.padTop, paddingBottom: shown.padBottom }} onClick={openRun}>
            {shown.shown.map(({ row, key }) => (
              <TimelineRowView key={key} row={row} axis={axis} describe={describe} describeTicks={describeTicks} onHover={onHover} />
            ))}
          </div>
        )}
      </VirtualRows>
    </div>
  );
}
