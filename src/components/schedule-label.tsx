import { Code, Stack, Text, Tooltip } from '@mantine/core';
import { describeSchedule, nextCronRuns, type Schedule } from '@/lib/schedule';

const utc = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The schedule in words; for cron, the expression too and the next runs on hover. */
export function ScheduleLabel({ schedule }: { schedule: Schedule }) {
  const words = describeSchedule(schedule);
  if (schedule.kind !== 'cron') return <Text size="sm">{words}</Text>;
  const next = nextCronRuns(schedule.cron, 3);
  const label = next.length > 0 ? `Next runs (UTC): ${next.map((run) => utc.format(run)).join(' · ')}` : 'Not a valid cron expression';
  return (
    <Tooltip label={label} multiline w={260}>
      <Stack gap={2} tabIndex={0} aria-label={`${words}. ${label}`}>
        <Text size="sm">{words}</Text>
        <Code style={{ whiteSpace: 'nowrap', width: 'fit-content' }}>{schedule.cron}</Code>
      </Stack>
    </Tooltip>
  );
}
