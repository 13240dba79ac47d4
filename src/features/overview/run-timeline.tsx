import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useState } from 'react';
import type { Flow } from '@/api/flows';
import type { Workflow } from '@/api/workflows';
import { ErrorState } from '@/components/error-state';
import { LiveStamp } from '@/components/live-stamp';
import { SegmentedRadios } from '@/components/segmented-radios';
import { formatCount } from '@/lib/format';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { RUN_STATE_COLORS, RUN_STATE_LABELS } from '@/lib/run-status';
import { hasTimelineData, MAX_TIMELINE_SPANS, timelineQueries, useTimelineMissing } from '@/resources/timeline';
import { TimelineChart } from './timeline-chart';
import { chartHeight } from './timeline-geometry';
import { TIMELINE_WINDOW_KEYS, TIMELINE_WINDOWS, type TimelineWindowKey } from './timeline-search';
import classes from './run-timeline.module.css';

/** The placeholder's rows while the lists of flows and workflows are on their way. */
const PLACEHOLDER_ROWS = 4;
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
  // Read at the first render, not in an effect: a phone would draw the timeline twice as the page appears.
  const narrow = useMediaQuery('(max-width: 600px)', undefined, { getInitialValueInEffect: false });
  const data = hasTimelineData(timeline.data) ? timeline.data : undefined;
  const spans = data?.spans;
  const [hovered, setHovered] = useState<string | null>(null);
  // Its place is kept from the start: one row per flow and per workflow, known as soon as the lists are.
  const chartPlaceholder = (
    <Skeleton
      height={chartHeight(flows.length + workflows.length || PLACEHOLDER_ROWS)}
      radius="sm"
      role="status"
      aria-label="Loading the timeline"
      aria-busy="true"
    />
  );

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
        <SegmentedRadios
          aria-label="Timeline window"
          value={window}
          onChange={(value) => {
            onWindow(value);
          }}
          data={TIMELINE_WINDOW_KEYS.map((key) => ({ value: key, label: TIMELINE_WINDOWS[key].short }))}
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
          <TimelineChart flows={flows} workflows={workflows} spans={data.spans} windowMs={windowMs} narrow={narrow} onHover={setHovered} />
        ) : unsupported ? (
          <Text c="dimmed">This service does not list runs by time (the timeline is a Flowdeck addition to the interface).</Text>
        ) : timeline.error ? (
          <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
        ) : (
          chartPlaceholder
        )}
      </Stack>
    </Card>
  );
});
