import { Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { PausedBadge } from '@/components/paused-badge';
import { describeSchedule, nextCronRuns, type Schedule } from '@/lib/schedule';

const utc = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' });

/**
 * The schedule in words; for cron the expression and its next five runs (UTC, as the service schedules).
 * A paused flow keeps its schedule but has no next runs until it is resumed.
 */
export function ScheduleCard({ schedule, paused }: { schedule: Schedule; paused: boolean }) {
  const next = schedule.kind === 'cron' && !paused ? nextCronRuns(schedule.cron, 5) : [];
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="schedule-title">
      <Group gap="sm" mb="xs">
        <Title order={2} size="h4" id="schedule-title">
          Schedule
        </Title>
        {paused && <PausedBadge />}
      </Group>
      <Stack gap="xs">
        <Text>{describeSchedule(schedule)}</Text>
        {paused && (
          <Text size="sm" c="dimmed">
            Paused: it keeps this schedule but does not run on it until you resume it. Run now still works.
          </Text>
        )}
        {schedule.kind === 'cron' && (
          <>
            <Code w="fit-content">{schedule.cron}</Code>
            {paused ? null : next.length > 0 ? (
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
