import { Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { describeSchedule, nextCronRuns, type Schedule } from '@/lib/schedule';

const utc = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' });

/** The schedule in words; for cron the expression and its next five runs (UTC, as the service schedules). */
export function ScheduleCard({ schedule }: { schedule: Schedule }) {
  const next = schedule.kind === 'cron' ? nextCronRuns(schedule.cron, 5) : [];
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
            {next.length > 0 ? (
              <>
                <Text size="sm" c="dimmed">
                  Next runs (UTC)
                </Text>
                <List size="sm">
                  {next.map((run) => (
                    <List.Item key={run.toISOString()}>
                      <time dateTime={run.toISOString()}>{utc.format(run)}</time>
                    </List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm" c="red">
                This is not a valid cron expression; the service will not run it on schedule.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
