import { Text } from '@mantine/core';
import { cronUsesZone, describeCron } from '@/lib/schedule';
import { NextRuns } from './next-runs';

/** A cron expression the scheduler accepts, in words (in its time zone, as the service reads it), and its next runs. */
export function CronExplanation({ cron, timeZone }: { cron: string; timeZone: string }) {
  return (
    <>
      <Text span size="xs" fw={600} c="var(--mantine-color-text)">
        {describeCron(cron)}
      </Text>
      {cronUsesZone(cron) && ` (${timeZone})`} · <NextRuns schedule={{ kind: 'cron', cron }} timeZone={timeZone} count={3} variant="inline" />
    </>
  );
}
