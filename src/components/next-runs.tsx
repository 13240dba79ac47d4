import { List, Text } from '@mantine/core';
import { type Schedule, upcomingRuns } from '@/lib/schedule';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { DateTime } from './date-time';

interface NextRunsProps {
  schedule: Schedule;
  /** When the last run started: null never ran, undefined not known (a frequency's next run then is not said). */
  lastRunAt?: string | null | undefined;
  count: number;
  /** `inline` for a tooltip or a field's description, `list` for a card. */
  variant: 'inline' | 'list';
}

/** A schedule's next runs in the chosen zone; a frequency's next run is one frequency after the last start. */
export function NextRuns({ schedule, lastRunAt, count, variant }: NextRunsProps) {
  const format = useDateFormat();
  const now = useNow(30_000);
  const upcoming = upcomingRuns(schedule, lastRunAt, count, new Date(now));
  switch (upcoming.kind) {
    case 'none':
    case 'unknown':
      return null;
    case 'invalid':
      return <>Not a valid cron expression: the service will not run it on schedule.</>;
    case 'after-creation':
      return <>Not run yet: due {upcoming.interval} after the flow was created.</>;
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
