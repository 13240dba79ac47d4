import { Card, Code, Stack, Text, Title } from '@mantine/core';
import { NextRuns } from '@/components/next-runs';
import { cronUsesZone, describeSchedule, type Schedule } from '@/lib/schedule';

/**
 * The schedule in words, for cron the expression too (read in UTC by the service, as it says), and the
 * next runs in the chosen zone: a cron's next five, a frequency's next one after the last run's start.
 */
export function ScheduleCard({ schedule, lastRunAt }: { schedule: Schedule; lastRunAt: string | null | undefined }) {
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="schedule-title">
      <Title order={2} size="h4" id="schedule-title" mb="xs">
        Schedule
      </Title>
      <Stack gap="xs">
        <Text>{describeSchedule(schedule)}</Text>
        {schedule.kind === 'cron' && (
          <>
            <Code w="fit-content">{schedule.cron}</Code>
            {cronUsesZone(schedule.cron) && (
              <Text size="sm" c="dimmed">
                The service reads cron expressions in UTC.
              </Text>
            )}
          </>
        )}
        <Text size="sm" component="div">
          <NextRuns schedule={schedule} lastRunAt={lastRunAt} count={5} variant="list" />
        </Text>
      </Stack>
    </Card>
  );
}
