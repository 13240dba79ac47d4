import { Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { type Control, Controller, type FieldValues, useWatch } from 'react-hook-form';
import { FREQUENCIES } from '@/api/flows';
import { isValidCron } from '@/lib/cron';
import { describeFrequency } from '@/lib/schedule-basics';
import type { ScheduleFormValues } from '@/lib/schedule-form';

// A cron in words (cronstrue) comes once one is typed: most schedules are frequencies.
const CronExplanation = lazy(() => import('./cron-explanation').then((module) => ({ default: module.CronExplanation })));

const CRON_HELP = 'Five fields, in UTC: minute, hour, day of month, month, day of week. For example 30 2 * * * is 02:30 UTC every day.';

/** While typing: how to write a cron, or the one typed in words with its next runs, so a wrong cron shows before saving. */
function CronDescription({ cron }: { cron: string }) {
  const trimmed = cron.trim();
  if (trimmed === '' || !isValidCron(trimmed)) return CRON_HELP;
  return (
    <Suspense fallback={CRON_HELP}>
      <CronExplanation cron={trimmed} />
    </Suspense>
  );
}

const FREQUENCY_OPTIONS = FREQUENCIES.map((frequency) => ({ value: frequency, label: describeFrequency(frequency) }));

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
              description={<CronDescription cron={cron} />}
              error={fieldState.error?.message}
              {...field}
            />
          )}
        />
      )}
    </Stack>
  );
}
