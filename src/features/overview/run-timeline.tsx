import { Alert, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { type CSSProperties, memo, type MouseEvent, useCallback, useMemo, useState } from 'react';
import type { Flow } from '@/api/flows';
import type { RunSpan } from '@/api/timeline';
import type { Workflow } from '@/api/workflows';
import { ErrorState } from '@/components/error-state';
import { LiveStamp } from '@/components/live-stamp';
import { VirtualRows } from '@/components/responsive-table/virtual-rows';
import { BlockSkeleton } from '@/components/skeletons';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatCount, formatDuration, runDurationMs } from '@/lib/format';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { RUN_STATE_COLORS, RUN_STATE_LABELS, runStateLabel } from '@/lib/run-status';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { hasTimelineData, MAX_TIMELINE_SPANS, timelineQueries, useTimelineMissing } from '@/resources/timeline';
import { TimelineRowView } from './timeline-row';
import { axisAt, percentAt, type TimelineRow, timelineRows } from './timeline-rows';
import { TIMELINE_WINDOW_KEYS, TIMELINE_WINDOWS, type TimelineWindowKey } from './timeline-search';
import classes from './run-timeline.module.css';

const ROW_HEIGHT = 28;
const LEGEND = ['succeeded', 'failed', 'running', 'pending', 'cancelled'] as const;

interface RunTimelineProps {
  flows: readonly Flow[];
  workflows: readonly Workflow[];
  window: TimelineWindowKey;
  onWindow: (window: TimelineWindowKey) => void;
}

/**
 * Every run of every flow and workflow in the chosen window, live: one row per flow or workflow, a bar per run
 * coloured by its outcome (growing while it runs), the scheduled runs ahead as ticks. Rows are virtualised and
 * each bar is a link with its run in words, so 1,000 flows stay smooth and every run is reachable by keyboard.
 * Memoised: the overview re-renders on each of its many status answers, which change nothing here.
 */
export const RunTimeline = memo(function RunTimeline({ flows, workflows, window, onWindow }: RunTimelineProps) {
  const windowMs = TIMELINE_WINDOWS[window].ms;
  const query = timelineQueries.window(windowMs);
  const unsupported = useTimelineMissing(query.queryKey);
  const timeline = useLiveQuery(query, {
    isActive: (data) => data.spans.some((span) => span.completedAt === null),
    scopes: [liveScopes.any],
    enabled: !unsupported,
  });
  const narrow = useMediaQuery('(max-width: 600px)');
  const format = useDateFormat();
  const now = useNow(1_000);
  const axis = useMemo(() => axisAt(now, windowMs), [now, windowMs]);
  const data = hasTimelineData(timeline.data) ? timeline.data : undefined;
  const spans = data?.spans;
  const rows = useMemo(() => timelineRows(flows, workflows, spans ?? []), [flows, workflows, spans]);
  const [hovered, setHovered] = useState<string | null>(null);
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
      const took = runDurationMs(span.createdAt, span.completedAt, Date.now());
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
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="timeline-title">
      <Group justify="space-between" mb="sm" align="flex-start">
        <Title order={2} size="h4" id="timeline-title">
          Timeline
        </Title>
        {data && (
          <LiveStamp updatedAt={timeline.dataUpdatedAt} error={timeline.error} isFetching={timeline.isFetching} onRetry={() => void timeline.refetch()} />
        )}
      </Group>
      <Stack gap="xs">
        <SegmentedControl
          aria-label="Timeline window"
          value={window}
          onChange={(value) => {
            onWindow(value);
          }}
          data={TIMELINE_WINDOW_KEYS.map((key) => ({ value: key, label: TIMELINE_WINDOWS[key].short }))}
          w="fit-content"
        />
        <Group gap="md" wrap="wrap" aria-label="Legend">
          {LEGEND.map((state) => (
            <Text key={state} size="xs" span>
              <span className={classes.swatch} style={{ background: `var(--mantine-color-${RUN_STATE_COLORS[state]}-6)` }} />
              {RUN_STATE_LABELS[state]}
            </Text>
          ))}
          <Text size="xs" c="dimmed" span>
            ┆ scheduled run ahead
          </Text>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite" mih="1.5em">
          {hovered ??
            `${TIMELINE_WINDOWS[window].label}: ${spans ? formatCount(spans.length) : '…'} ${spans?.length === 1 ? 'run' : 'runs'}${data?.complete === false ? ' so far, reading more' : ''}. Point at or focus a bar for its run; click it to open it.`}
        </Text>
        {data?.truncated && (
          <Alert color="yellow" variant="light">
            More than {formatCount(MAX_TIMELINE_SPANS)} runs in this window: the oldest {formatCount(MAX_TIMELINE_SPANS)} are shown. Choose a shorter window to
            see them all.
          </Alert>
        )}
        {data ? (
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
              height={`${String(Math.min(rows.length, 14) * ROW_HEIGHT + 2)}px`}
            >
              {(shown) => (
                <div role="list" aria-label="Runs by flow and workflow" style={{ paddingTop: shown.padTop, paddingBottom: shown.padBottom }} onClick={openRun}>
                  {shown.shown.map(({ row, key }) => (
                    <TimelineRowView key={key} row={row} axis={axis} describe={describe} describeTicks={describeTicks} onHover={setHovered} />
                  ))}
                </div>
              )}
            </VirtualRows>
          </div>
        ) : unsupported ? (
          <Text c="dimmed">This service does not list runs by time (the timeline is a Flowdeck addition to the interface).</Text>
        ) : timeline.error ? (
          <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
        ) : (
          <BlockSkeleton label="Loading the timeline" rows={4} />
        )}
      </Stack>
    </Card>
  );
});
