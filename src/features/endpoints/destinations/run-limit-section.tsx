import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Destination, MAX_DESTINATION_RUNS } from '@/api/destinations';
import { ErrorState } from '@/components/error-state';
import { PermittedButton, PermittedFieldset } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { destinationKind } from './destination-kind';
import { useUpdateDestination } from '@/resources/destinations';

// How many runs may load into this destination at once (Flowdeck's addition). Empty: no limit of its own;
// the service-wide one still holds. A run over the limit waits, queued, and says for what.

const limitFormSchema = z.object({
  maxConcurrentRuns: z.union([z.number(), z.string()]).transform((value, context) => {
    if (typeof value === 'string' && value.trim() === '') return null;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1 || number > MAX_DESTINATION_RUNS) {
      context.addIssue({ code: 'custom', message: `A whole number from 1 to ${MAX_DESTINATION_RUNS.toLocaleString('en-US')}, or empty for no limit` });
      return z.NEVER;
    }
    return number;
  }),
});
type LimitFormValues = z.input<typeof limitFormSchema>;
type LimitFormOutput = z.output<typeof limitFormSchema>;

export function RunLimitSection({ destination }: { destination: Destination }) {
  const update = useUpdateDestination(destination.id);
  const permission = usePermission(destinationKind.operations.update);
  const form = useForm<LimitFormValues, unknown, LimitFormOutput>({
    resolver: zodResolver(limitFormSchema),
    values: { maxConcurrentRuns: destination.maxConcurrentRuns ?? '' },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((values) => update.mutateAsync({ maxConcurrentRuns: values.maxConcurrentRuns }).catch(() => undefined));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="run-limit-title" maw={640}>
      <Title order={2} size="h4" id="run-limit-title" mb="xs">
        Runs at once
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A run beyond the limit waits as Queued, keeps its place and says what it waits for.
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Runs at once">
        <Stack gap="sm">
          <PermittedFieldset permission={permission}>
            <Controller
              control={form.control}
              name="maxConcurrentRuns"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Most runs loading at once"
                  description="Empty: no limit of its own (the service’s limit still holds)."
                  placeholder="No limit"
                  min={1}
                  max={MAX_DESTINATION_RUNS}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  maw={320}
                />
              )}
            />
          </PermittedFieldset>
          {update.isError && <ErrorState error={update.error} />}
          {update.isSuccess && !form.formState.isDirty && (
            <Alert color="teal" variant="light" role="status">
              Saved: {update.data.maxConcurrentRuns === null ? 'no limit of its own.' : `at most ${String(update.data.maxConcurrentRuns)} at once.`}
            </Alert>
          )}
          <Group>
            <PermittedButton permission={permission} type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              Save limit
            </PermittedButton>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
