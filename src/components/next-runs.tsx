import { List, Text } from '@mantine/core';
import { type Schedule, upcomingRuns } from '@/lib/schedule';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { DateTime } from './date-time';

interface NextRunsProps {
  schedule: Schedule;
  /**
   * The service's next due time (null: nothing scheduled, paused or disabled). Undefined only for a preview of an
   * expression not saved yet (a form): its ticks are then read from now.
   */
  nextRunAt?: string | null | undefined;
  /** The IANA zone the cron is read in (the schedule's own, UTC by default). */
  timeZone?: string;
  count: number;
  /** `inline` for a tooltip or a field's description, `list` for a card. */
  variant: 'inline' | 'list';
}

/** A schedule's next runs, told in the chosen zone: the first is the service's own due time, never worked out here. */
export function NextRuns({ schedule, nextRunAt, timeZone, count, variant }: NextRunsProps) {
  const format = useDateFormat();
  const now = useNow(30_000);
  const upcoming = upcomingRuns(schedule, nextRunAt, count, new Date(now), timeZone);
  switch (upcoming.kind) {
    case 'none':
      return null;
    case 'invalid':
      return <>Not a valid cron expression: the service will not run it on schedule.</>;
    case 'at': {
      const [first] = upcoming.runs;
      if (upcoming.runs.length === 1 && first) {
        const due = first.getTime() <= now;
        return (
          <>
            Next run: {due ? 'due now (was due ' : ''}
            <DateTime value={first} precision="minutes" />
            {due ? ')' : ''}
          </>
        );
      }
      if (variant === 'inline') return <>Next runs: {upcoming.runs.map((run) => format.dateTimeMinutes(run)).join(' · ')}</>;
      return (
        <>
          <Text size="sm" c="dimmed">
            Next runs ({format.zoneName})
          </Text>
          <List size="sm">
            {upcoming.runs.map((run) => (
              <List.Item key={run.toISOString()}>
                <time dateTime={run.toISOString()}>{format.weekdayTime(run)}</time>
              </List.Item>
            ))}
          </List>
        </>
      );
    }
  }
}
