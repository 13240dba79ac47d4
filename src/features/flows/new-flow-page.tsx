import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { destinationQueries } from '@/resources/destinations';
import { useCreateFlow } from '@/resources/flows';
import { sourceQueries } from '@/resources/sources';
import { EndpointField } from './new-flow-endpoint-field';
import { newFlowDefaults, newFlowFormSchema, type NewFlowFormValues, toCreateFlowInput } from './new-flow-schema';
import { ScheduleField } from './new-flow-schedule-field';

export interface NewFlowPreset {
  source?: number | undefined;
  destination?: number | undefined;
}

/** Name, source, destination and schedule; on success the new flow's page, where it can be run. */
export function NewFlowPage({ preset }: { preset: NewFlowPreset }) {
  const navigate = useNavigate();
  const sources = useQuery(sourceQueries.choices());
  const destinations = useQuery(destinationQueries.choices());
  const form = useForm<NewFlowFormValues, unknown, z.output<typeof newFlowFormSchema>>({
    resolver: zodResolver(newFlowFormSchema),
    defaultValues: newFlowDefaults(preset),
    mode: 'onTouched',
  });

  const save = useCreateFlow({
    onCreated: async (flow) => {
      await navigate({ to: '/flows/$flowId', params: { flowId: String(flow.id) } });
    },
  });

  // A failed save leaves the form as typed; the service's message shows above the buttons.
  const onSubmit = form.handleSubmit((values) => save.mutateAsync(toCreateFlowInput(values)).catch(() => undefined));
  const { errors } = form.formState;

  return (
    <>
      <PageHeader section="flows" title="New flow" description="Moves the data of one source into one destination, on a schedule or when you press Run." />
      <Paper withBorder p="lg" maw={640}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New flow">
          <Stack>
            <TextInput
              label="Name"
              placeholder="Orders to warehouse"
              required
              autoComplete="off"
              error={errors.displayName?.message}
              {...form.register('displayName')}
            />
            {(['source', 'destination'] as const).map((kind) => (
              <Controller
                key={kind}
                control={form.control}
                name={kind}
                render={({ field, fieldState }) => (
                  <EndpointField
                    kind={kind}
                    choices={kind === 'source' ? sources : destinations}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
            <ScheduleField control={form.control} />
            {save.isError && <ErrorState error={save.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate({ to: '/flows' })}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Create flow
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
