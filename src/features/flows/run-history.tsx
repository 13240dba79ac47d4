import type { BarChartSeries } from '@mantine/charts';
import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import type { RunAttempt } from '@/api/flows';
import { LazyBarChart } from '@/components/bar-chart/lazy-bar-chart';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/error-state';
import { Fact } from '@/components/fact';
import { BlockSkeleton } from '@/components/skeletons';
import { TimeAgo } from '@/components/time-ago';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatCount, formatDuration, formatDurationCompact, formatRate } from '@/lib/format';
import { RUN_STATE_COLORS, RUN_STATE_LABELS, runStateOf, runTimeLabel, runTimeMs, type RunState } from '@/lib/run-status';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { flowQueries } from '@/resources/flows';
import { durationSecondsOf, HISTORY_PAGE, historyFigures, type HistoryPoint, historyPoints, historySummary, rowsLoadedOf } from './run-history-figures';
import { HistoryTable } from './run-history-table';

const CHART_STATES: readonly RunState[] = ['succeeded', 'failed', 'cancelled', 'running', 'pending', 'other'];
const stateLabel = (state: RunState) => (state === 'other' ? 'Other' : RUN_STATE_LABELS[state]);

interface RunHistoryProps {
  flowId: number;
  /** The newest attempt as the live status knows it: it replaces its bar, so the history moves without polling itself. */
  latest: RunAttempt | null;
  numberOf: (attempt: RunAttempt) => number | undefined;
  onOpen: (attemptId: number) => void;
}

/** The last 100 attempts as charts (duration and rows loaded, coloured by outcome) with the figures that sum them up. Memoised: opening an attempt changes nothing here. */
export const RunHistory = memo(function RunHistory({ flowId, latest, numberOf, onOpen }: RunHistoryProps) {
  const attempts = useQuery(flowQueries.attempts(flowId, HISTORY_PAGE));
  const now = useNow(1_000);
  const shown = (attempts.data ?? []).map((attempt) => (latest !== null && attempt.id === latest.id ? latest : attempt));
  const points = historyPoints(shown, numberOf, now);
  // The charts redraw only when a bar changes (a run moves or ends), not on every tick of the clock or click elsewhere.
  const pointsKey = points
    .map((point) => `${String(point.id)}:${String(point.number)}:${point.state}:${String(point.durationMs)}:${String(point.rowsLoaded)}`)
    .join();
  const chartsPoints = useMemo(() => points, [pointsKey]); // eslint-disable-line react-hooks/exhaustive-deps -- the key stands for the points
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="run-history-title">
      <Title order={2} size="h4" id="run-history-title" mb="sm">
        Run history
      </Title>
      {attempts.data ? (
        shown.length === 0 ? (
          <Text c="dimmed">No runs yet: the history fills in as the flow runs.</Text>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 9 }}>
              <HistoryCharts points={chartsPoints} onOpen={onOpen} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <HistoryFiguresView attempts={shown} latest={latest} now={now} />
            </Grid.Col>
          </Grid>
        )
      ) : attempts.error ? (
        <ErrorState error={attempts.error} onRetry={() => void attempts.refetch()} />
      ) : (
        <BlockSkeleton label="Loading the run history" rows={4} />
      )}
    </Card>
  );
});

function HistoryFiguresView({ attempts, latest, now }: { attempts: readonly RunAttempt[]; latest: RunAttempt | null; now: number }) {
  const figures = historyFigures(attempts);
  // A queued attempt has moved nothing yet: the latest attempt above says what it waits for.
  const running = latest && runStateOf(latest) === 'running' ? latest : null;
  const elapsed = running ? runTimeMs(running, now) : null;
  return (
    <Stack gap="sm" aria-label="Run history figures">
      <Text size="xs" c="dimmed">
        Last {attempts.length === 1 ? 'attempt' : `${String(attempts.length)} attempts`}
      </Text>
      <Fact label="Success rate">
        {figures.successRate === null ? '—' : `${String(Math.round(figures.successRate * 100))}%`}
        {figures.decided > 0 && (
          <Text span size="xs" c="dimmed">
            {' '}
            of {figures.decided} finished
          </Text>
        )}
      </Fact>
      <Fact label="Median duration">{figures.medianDurationMs === null ? '—' : formatDuration(figures.medianDurationMs)}</Fact>
      <Fact label="Median rows loaded">{figures.medianRows === null ? '—' : formatCount(Math.round(figures.medianRows))}</Fact>
      <Fact label="Last success">
        {figures.lastSuccessAt === null ? (
          'None in these attempts'
        ) : (
          <>
            <TimeAgo iso={figures.lastSuccessAt} size="sm" />
            <Text size="xs" c="dimmed">
              <DateTime value={figures.lastSuccessAt} />
            </Text>
          </>
        )}
      </Fact>
      {running && (
        <Fact label="Running now">
          <span aria-live="off">
            {formatRate(rowsLoadedOf(running), elapsed)} loaded · {formatCount(rowsLoadedOf(running))} rows in{' '}
            {elapsed === null ? '—' : formatDuration(elapsed)}
          </span>
        </Fact>
      )}
    </Stack>
  );
}

const HistoryCharts = memo(function HistoryCharts({ points, onOpen }: { points: HistoryPoint[]; onOpen: (attemptId: number) => void }) {
  const format = useDateFormat();
  const series: BarChartSeries[] = CHART_STATES.filter((state) => points.some((point) => point.state === state)).map((state) => ({
    name: state,
    label: stateLabel(state),
    color: `${RUN_STATE_COLORS[state]}.6`,
  }));
  const byId = new Map(points.map((point) => [point.id, point]));
  const dataOf = (value: (point: HistoryPoint) => number) =>
    points.map((point) => ({ attempt: attemptLabel(point.number), id: point.id, [point.state]: value(point) }));
  const tooltip = ({ payload }: { payload?: readonly { payload?: { id?: number } }[] }) => {
    const point = byId.get(payload?.[0]?.payload?.id ?? -1);
    if (!point) return null;
    return (
      <Card withBorder shadow="sm" padding="xs">
        <Text size="sm" fw={600}>
          Attempt {attemptLabel(point.number)} · {stateLabel(point.state)}
        </Text>
        <Text size="xs">Started {format.dateTime(point.createdAt)}</Text>
        <Text size="xs">
          {runTimeLabel(point.state)} {point.durationMs === null ? '—' : formatDuration(point.durationMs)} · {formatCount(point.rowsLoaded)} rows loaded
        </Text>
        <Text size="xs" c="dimmed">
          Click to open it
        </Text>
      </Card>
    );
  };
  const chartProps = {
    h: 150,
    dataKey: 'attempt',
    type: 'stacked' as const,
    series,
    withLegend: false,
    tickLine: 'none' as const,
    gridAxis: 'y' as const,
    tooltipAnimationDuration: 0,
    tooltipProps: { content: tooltip, isAnimationActive: false },
    barChartProps: { barCategoryGap: 1 },
    maxBarWidth: 40,
    barProps: {
      isAnimationActive: false,
      style: { cursor: 'pointer' },
      onClick: (entry: { payload?: { id?: number } }) => {
        if (entry.payload?.id !== undefined) onOpen(entry.payload.id);
      },
    },
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 24 },
    yAxisProps: { width: 56 },
  };
  return (
    <Stack gap="xs">
      <Group gap="md" aria-label="Outcomes">
        {series.map((item) => (
          <Text key={item.name} size="xs" span>
            <span
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: 2,
                marginRight: 4,
                background: `var(--mantine-color-${item.color?.replace('.', '-') ?? 'gray-6'})`,
              }}
            />
            {item.label}
          </Text>
        ))}
      </Group>
      <Text size="sm" fw={500} id="history-duration">
        Duration per attempt
      </Text>
      <LazyBarChart
        {...chartProps}
        data={dataOf(durationSecondsOf)}
        valueFormatter={(seconds) => formatDurationCompact(seconds * 1000)}
        aria-label={`Duration per attempt. ${historySummary(points, 'duration')}`}
        role="img"
        data-chart="duration"
      />
      <Text size="sm" fw={500} id="history-rows">
        Rows loaded per attempt
      </Text>
      <LazyBarChart
        {...chartProps}
        data={dataOf((point) => point.rowsLoaded)}
        valueFormatter={formatCount}
        aria-label={`Rows loaded per attempt. ${historySummary(points, 'rows')}`}
        role="img"
        data-chart="rows"
      />
      <Text size="xs" c="dimmed">
        Oldest on the left. Point at a bar for its attempt, click it to open it; the attempts table below lists them all.
      </Text>
      <HistoryTable points={points} onOpen={onOpen} />
    </Stack>
  );
});
