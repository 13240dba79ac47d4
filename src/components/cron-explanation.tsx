import { Text } from '@mantine/core';
import { cronUsesZone, describeCron } from '@/lib/schedule';
import { NextRuns } from './next-runs';

/** A cron expression the scheduler accepts, in words (UTC, as the service reads it), and its next runs. */
export function CronExplanation({ cron }: { cron: string }) {
  return (
    <>
      <Text span size="xs" fw={600} c="var(--mantine-color-text)">
        {describeCron(cron)}
      </Text>
      {cronUsesZone(cron) && ' (UTC)'} · <NextRuns schedule={{ kind: 'cron', cron }} count={3} variant="inline" />
    </>
  );
}
