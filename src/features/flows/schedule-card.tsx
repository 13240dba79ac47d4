import { Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { NextRuns } from '@/components/next-runs';
import { PausedBadge } from '@/components/paused-badge';
import { scheduleWords } from '@/lib/cron-words';
import { cronUsesZone, type Schedule } from '@/lib/schedule-basics';

/**
 * The schedule in words, for cron the expression too (read in the schedule's time zone by the service, as it
 * says), and the next runs told in the chosen zone: the service's next due time, then a cron's next ones.
 * A paused flow keeps its schedule but has no next runs until it is resumed.
 */
export function ScheduleCard({ schedule, nextRunAt, timeZone, paused }: { schedule: Schedule; nextRunAt: string | null; timeZone: string; paused: boolean }) {
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="schedule-title">
      <Group gap="sm" mb="xs">
        <Title order={2} size="h4" id="schedule-title">
          Schedule
        </Title>
        {paused && <PausedBadge />}
      </Group>
      <Stack gap="xs">
        <Text>{scheduleWords.describeSchedule(schedule)}</Text>
        {paused && (
          <Text size="sm" c="dimmed">
            Paused: it keeps this schedule but does not run on it until you resume it. Run now still works.
          </Text>
        )}
        {schedule.kind === 'cron' && (
          <>
            <Code w="fit-content">{schedule.cron}</Code>
            {cronUsesZone(schedule.cron) && (
              <Text size="sm" c="dimmed">
                The service reads this cron expression in {timeZone}.
              </Text>
            )}
          </>
        )}
        {!paused && (
          <Text size="sm" component="div">
            <NextRuns schedule={schedule} nextRunAt={nextRunAt} timeZone={timeZone} count={5} variant="list" />
          </Text>
        )}
      </Stack>
    </Card>
  );
}
