import { Code, Stack, Text, Tooltip } from '@mantine/core';
import { scheduleWords } from '@/lib/cron-words';
import type { Schedule } from '@/lib/schedule-basics';
import { NextRuns } from './next-runs';
import { PausedBadge } from './paused-badge';

interface ScheduleLabelProps {
  schedule: Schedule;
  /** The service's next due time (null: none); its runs after it for a cron follow from the expression in `timeZone`. */
  nextRunAt: string | null;
  timeZone?: string;
  /** A paused flow keeps its schedule but has no next runs: it says Paused instead. */
  paused?: boolean;
}

/** The schedule in words; for cron the expression too; the next runs (from the service's next due time) on hover or focus. */
export function ScheduleLabel({ schedule, nextRunAt, timeZone, paused = false }: ScheduleLabelProps) {
  const words = scheduleWords.describeSchedule(schedule);
  if (paused) {
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{words}</Text>
        {schedule.kind === 'cron' && <Code style={{ whiteSpace: 'nowrap', width: 'fit-content' }}>{schedule.cron}</Code>}
        <PausedBadge size="sm" />
      </Stack>
    );
  }
  const hasNext = schedule.kind !== 'none' && nextRunAt !== null;
  if (!hasNext) return <Text size="sm">{words}</Text>;
  return (
    // The tooltip renders its label only while open, so a long list computes no next runs for hidden rows.
    <Tooltip
      label={<NextRuns schedule={schedule} nextRunAt={nextRunAt} {...(timeZone ? { timeZone } : {})} count={3} variant="inline" />}
      multiline
      w={280}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Stack gap={2} tabIndex={0} w="fit-content">
        <Text size="sm">{words}</Text>
        {schedule.kind === 'cron' && <Code style={{ whiteSpace: 'nowrap', width: 'fit-content' }}>{schedule.cron}</Code>}
      </Stack>
    </Tooltip>
  );
}
