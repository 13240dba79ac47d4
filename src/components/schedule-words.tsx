import { Skeleton, Text, type TextProps } from '@mantine/core';
import { type CronWording, type Schedule, describeFrequency } from '@/lib/schedule-basics';

/** The schedule in words, without the cron library when it is not a cron. */
export function scheduleWordsNow(schedule: Schedule, words: CronWording | null): string | null {
  if (schedule.kind === 'frequency') return describeFrequency(schedule.frequency);
  if (schedule.kind === 'none') return 'No schedule';
  return words ? words.describeSchedule(schedule) : null;
}

/** A line of words, or a placeholder one line high while the cron library loads (the cron itself is shown beside it). */
export function ScheduleWords({ words, ...props }: { words: string | null } & TextProps) {
  if (words !== null) return <Text {...props}>{words}</Text>;
  return (
    <Text {...props} component="div" role="status" aria-label="Reading the cron expression" aria-busy="true">
      <Skeleton height="0.9em" width={160} radius="sm" display="inline-block" style={{ verticalAlign: 'middle' }} />
    </Text>
  );
}
