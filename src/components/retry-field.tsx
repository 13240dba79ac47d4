import { Fieldset, Group, NumberInput, Radio, Text } from '@mantine/core';
import { type Control, Controller, type FieldValues, useWatch } from 'react-hook-form';
import { MAX_RETRY_ATTEMPTS, MAX_RETRY_DELAY_SECONDS, retryDelaySeconds } from '@/api/run-policy';
import { formatDuration } from '@/lib/format';
import type { RunPolicyFormValues } from '@/lib/run-policy-form';

type RetryFields = Pick<RunPolicyFormValues, 'retries'>;
type NumberName = 'retries.attempts' | 'retries.delaySeconds' | 'retries.maxDelaySeconds';

/** The waits the policy as typed gives, in words: `waits 1 min, then 2 min, then 4 min`. */
function waitsInWords(retries: RunPolicyFormValues['retries']): string | null {
  const attempts = Number(retries.attempts);
  const delaySeconds = Number(retries.delaySeconds);
  const maxDelaySeconds = Number(retries.maxDelaySeconds);
  if (![attempts, delaySeconds, maxDelaySeconds].every(Number.isInteger) || attempts < 1 || attempts > MAX_RETRY_ATTEMPTS) return null;
  const policy = { attempts, backoff: retries.backoff, delaySeconds, maxDelaySeconds };
  const waits = Array.from({ length: attempts }, (_, index) => formatDuration(retryDelaySeconds(policy, index + 1) * 1000));
  return `Waits ${waits.join(', then ')} before each retry.`;
}

function WholeNumberField({
  control,
  name,
  label,
  description,
  max,
}: {
  control: Control<RetryFields>;
  name: NumberName;
  label: string;
  description: string;
  max: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          min={0}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** How many times a failed run is tried again and how long each retry waits (the service's retry policy). */
export function RetryField<T extends FieldValues & RetryFields>({ control: formControl }: { control: Control<T> }) {
  // The fields exist in every form this takes (its type says so); react-hook-form cannot see that through a generic.
  const control = formControl as unknown as Control<RetryFields>;
  const retries = useWatch({ control, name: 'retries' });
  const retrying = Number(retries.attempts) > 0;
  const waits = waitsInWords(retries);
  return (
    <Fieldset legend="Retries" variant="unstyled">
      <WholeNumberField
        control={control}
        name="retries.attempts"
        label="Retries after a failed run"
        description="0: a failed run stays failed. Each retry is a new attempt; an alert is sent only when the last one fails."
        max={MAX_RETRY_ATTEMPTS}
      />
      {retrying && (
        <>
          <Controller
            control={control}
            name="retries.backoff"
            render={({ field }) => (
              <Radio.Group label="Backoff" value={field.value} onChange={field.onChange} mt="sm">
                <Group mt={4}>
                  <Radio value="fixed" label="Fixed: the same wait each time" />
                  <Radio value="exponential" label="Exponential: the wait doubles each time" />
                </Group>
              </Radio.Group>
            )}
          />
          <Group grow align="flex-start" mt="sm">
            <WholeNumberField
              control={control}
              name="retries.delaySeconds"
              label="Delay (seconds)"
              description="Before the first retry."
              max={MAX_RETRY_DELAY_SECONDS}
            />
            <WholeNumberField
              control={control}
              name="retries.maxDelaySeconds"
              label="Max delay (seconds)"
              description="No wait is longer."
              max={MAX_RETRY_DELAY_SECONDS}
            />
          </Group>
          {waits && (
            <Text size="xs" c="dimmed" mt="xs">
              {waits}
            </Text>
          )}
        </>
      )}
    </Fieldset>
  );
}
