import { Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { type Control, Controller, type FieldValues, useWatch } from 'react-hook-form';
import { FREQUENCIES } from '@/api/flows';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/api/run-policy';
import { isValidCron } from '@/lib/cron';
import { timeZoneNames } from '@/lib/time-zone-names';
import { describeFrequency } from '@/lib/schedule-basics';
import type { ScheduleFormValues } from '@/lib/schedule-form';

// A cron in words (cronstrue) comes once one is typed: most schedules are frequencies.
const CronExplanation = lazy(() => import('./cron-explanation').then((module) => ({ default: module.CronExplanation })));

const CRON_HELP = 'Five fields, read in the time zone below: minute, hour, day of month, month, day of week. For example 30 2 * * * is 02:30 every day.';

/** While typing: how to write a cron, or the one typed in words with its next runs, so a wrong cron shows before saving. */
function CronDescription({ cron, timeZone }: { cron: string; timeZone: string }) {
  const trimmed = cron.trim();
  if (trimmed === '' || !isValidCron(trimmed)) return CRON_HELP;
  return (
    <Suspense fallback={CRON_HELP}>
      <CronExplanation cron={trimmed} timeZone={isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE} />
    </Suspense>
  );
}

/** The schedule's fields and the time zone its cron is read in. */
type ScheduleFields = ScheduleFormValues & { timeZone: string };

const FREQUENCY_OPTIONS = FREQUENCIES.map((frequency) => ({ value: frequency, label: describeFrequency(frequency) }));

/**
 * A frequency from the interface's list, or a cron expression (which wins on the service when both exist).
 * `manualHint` says what `manual` means for the thing being scheduled.
 */
export function ScheduleField<T extends FieldValues & ScheduleFields>({ control: formControl, manualHint }: { control: Control<T>; manualHint: string }) {
  // The fields exist in every form this takes (its type says so); react-hook-form cannot see that through a generic.
  const control = formControl as unknown as Control<ScheduleFields>;
  const kind = useWatch({ control, name: 'scheduleKind' });
  const cron = useWatch({ control, name: 'cron' });
  const timeZone = useWatch({ control, name: 'timeZone' });
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
              description={<CronDescription cron={cron} timeZone={timeZone} />}
              error={fieldState.error?.message}
              {...field}
            />
          )}
        />
      )}
      {kind === 'cron' && (
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Select
              label="Time zone"
              description="The cron's times are read here, daylight-saving changes included."
              data={timeZoneNames()}
              searchable
              limit={50}
              allowDeselect={false}
              nothingFoundMessage="No time zone by that name"
              value={field.value}
              onChange={(next) => {
                if (next) field.onChange(next);
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </Stack>
  );
}
