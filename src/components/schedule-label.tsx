import { Code, Stack } from '@mantine/core';
import type { Schedule } from '@/lib/schedule-basics';
import { loadScheduleEngine, useScheduleWords } from '@/lib/use-schedule-engine';
import { NextRuns } from './next-runs';
import { PausedBadge } from './paused-badge';
import { ScheduleWords, scheduleWordsNow } from './schedule-words';
import { Hint } from './hint';

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
  const words = scheduleWordsNow(schedule, useScheduleWords(schedule.kind === 'cron'));
  if (paused) {
    return (
      <Stack gap={4} align="flex-start">
        <ScheduleWords size="sm" words={words} />
        {schedule.kind === 'cron' && <Code style={{ whiteSpace: 'nowrap', width: 'fit-content' }}>{schedule.cron}</Code>}
        <PausedBadge size="sm" />
      </Stack>
    );
  }
  const hasNext = schedule.kind !== 'none' && nextRunAt !== null;
  if (!hasNext) return <ScheduleWords size="sm" words={words} />;
  // A cron's next runs need the scheduler's library, which a list does not fetch for its words: asked for with
  // the tooltip's own code on the first hover or focus, not after it.
  const fetchCronTimes = schedule.kind === 'cron' ? () => void loadScheduleEngine().catch(() => undefined) : undefined;
  return (
    // The tooltip renders its label only while open, so a long list computes no next runs for hidden rows.
    <Hint
      label={<NextRuns schedule={schedule} nextRunAt={nextRunAt} {...(timeZone ? { timeZone } : {})} count={3} variant="inline" />}
      multiline
      w={280}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Stack gap={2} tabIndex={0} w="fit-content" onPointerEnter={fetchCronTimes} onFocus={fetchCronTimes}>
        <ScheduleWords size="sm" words={words} />
        {schedule.kind === 'cron' && <Code style={{ whiteSpace: 'nowrap', width: 'fit-content' }}>{schedule.cron}</Code>}
      </Stack>
    </Hint>
  );
}
