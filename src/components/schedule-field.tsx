import { Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldValues, useWatch } from 'react-hook-form';
import { FREQUENCIES } from '@/api/flows';
import { NextRuns } from '@/components/next-runs';
import { cronUsesZone, describeCron, describeFrequency } from '@/lib/schedule';
import type { ScheduleFormValues } from '@/lib/schedule-form';

const FREQUENCY_OPTIONS = FREQUENCIES.map((frequency) => ({ value: frequency, label: describeFrequency(frequency) }));

/** The expression in words (UTC, as the service reads it) and its next runs while typing, so a wrong cron shows before saving. */
function CronExplanation({ cron }: { cron: string }) {
  const trimmed = cron.trim();
  const words = trimmed === '' ? null : describeCron(trimmed);
  if (!words) return <>Five fields, in UTC: minute, hour, day of month, month, day of week. For example 30 2 * * * is 02:30 UTC every day.</>;
  return (
    <>
      <Text span size="xs" fw={600} c="var(--mantine-color-text)">
        {words}
      </Text>
      {cronUsesZone(trimmed) && ' (UTC)'} · <NextRuns schedule={{ kind: 'cron', cron: trimmed }} count={3} variant="inline" />
    </>
  );
}

/**
 * A frequency from the interface's list, or a cron expression (which wins on the service when both exist).
 * `manualHint` says what `manual` means for the thing being scheduled.
 */
export function ScheduleField<T extends FieldValues & ScheduleFormValues>({ control: formControl, manualHint }: { control: Control<T>; manualHint: string }) {
  // The three fields exist in every form this takes (its type says so); react-hook-form cannot see that through a generic.
  const control = formControl as unknown as Control<ScheduleFormValues>;
  const kind = useWatch({ control, name: 'scheduleKind' });
  const cron = useWatch({ control, name: 'cron' });
  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="scheduleKind"
        render={({ field }) => (
          <Radio.Group
            label="Schedule"
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
            }}
          >
            <Group mt={4}>
              <Radio value="frequency" label="Repeat on a frequency" />
              <Radio value="cron" label="Cron expression" />
            </Group>
          </Radio.Group>
        )}
      />
      {kind === 'frequency' ? (
        <Controller
          control={control}
          name="frequency"
          render={({ field, fieldState }) => (
            <Select
              label="Frequency"
              description={field.value === 'manual' ? manualHint : undefined}
              data={FREQUENCY_OPTIONS}
              allowDeselect={false}
              value={field.value}
              onChange={(next) => {
                if (next) field.onChange(next);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : (
        <Controller
          control={control}
          name="cron"
          render={({ field, fieldState }) => (
            <TextInput
              label="Cron expression"
              placeholder="30 2 * * *"
              required
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              description={<CronExplanation cron={cron} />}
              error={fieldState.error?.message}
              {...field}
            />
          )}
        />
      )}
    </Stack>
  );
}
