import { Code, Stack, Text, Tooltip } from '@mantine/core';
import { describeSchedule, nextCronRuns, type Schedule } from '@/lib/schedule';

const utc = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' });

/** Rendered only while the tooltip is open, so a long list does not compute next runs for every row. */
function NextRuns({ cron }: { cron: string }) {
  const next = nextCronRuns(cron, 3);
  if (next.length === 0) return <>Not a valid cron expression</>;
  return <>Next runs (UTC): {next.map((run) => utc.format(run)).join(' · ')}</>;
}

/** The schedule in words; for cron, the expression too and the next runs on hover or focus. */
export function ScheduleLabel({ schedule }: { schedule: Schedule }) {
  const words = describeSchedule(schedule);
  if (schedule.kind !== 'cron') return <Text size="sm">{words}</Text>;
  return (
    <Tooltip label={<NextRuns cron={schedule.cron} />} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Stack gap={2} tabIndex={0} w="fit-content">
        <Text size="sm">{words}</Text>
        <Code style={{ whiteSpace: 'nowrap', width: 'fit-content' }}>{schedule.cron}</Code>
      </Stack>
    </Tooltip>
  );
}
