import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { ErrorState } from '@/components/error-state';
import { RetryField } from '@/components/retry-field';
import { ScheduleField } from '@/components/schedule-field';
import { destinationQueries } from '@/resources/destinations';
import { sourceQueries } from '@/resources/sources';
import type { Flow } from '@/api/flows';
import { FlowTableFields } from './flow-table-fields';
import { EndpointField } from './new-flow-endpoint-field';
import { saveRefusal } from './save-refusals';
import { type FlowFormOutput, newFlowFormSchema, type NewFlowFormValues } from './new-flow-schema';
import { FormActions } from '@/components/form-actions';
import { PermissionNotice, PermittedFieldset } from '@/components/permitted';
import type { Permission } from '@/lib/permissions';

interface FlowFormProps {
  /** Names the form for assistive technology: `New flow`, `Edit flow`. */
  label: string;
  defaultValues: NewFlowFormValues;
  submitLabel: string;
  /** Resolves when saved; a refusal is shown from `error`, and the form keeps what was typed. */
  onSubmit: (values: FlowFormOutput) => Promise<unknown>;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  /** The flow being edited; null for a new one (an empty namespace then means one named from the flow). */
  editing?: Flow | null;
  /** Whether the signed-in role may save it: when not, the reason above, the fields and the save disabled. */
  permission: Permission;
}

/** Name, source, destination, schedule and where its tables go: the one form a flow is created and edited with. */
export function FlowForm({ label, defaultValues, submitLabel, onSubmit, pending, error, onCancel, editing = null, permission }: FlowFormProps) {
  const sources = useQuery(sourceQueries.choices());
  const destinations = useQuery(destinationQueries.choices());
  const form = useForm<NewFlowFormValues, unknown, FlowFormOutput>({ resolver: zodResolver(newFlowFormSchema), defaultValues, mode: 'onTouched' });

  // A failed save leaves the form as typed; the service's message shows above the buttons.
  const submit = form.handleSubmit((values) => onSubmit(values).catch(() => undefined));
  const { errors } = form.formState;
  // The service's refusal of the namespace (a table another flow writes) shows beside that field.
  const refusal = saveRefusal(error, ['namespace']);
  const shownAbove = refusal ? refusal.rest : error;

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
        <Stack>
          <PermissionNotice permission={permission} />
          <PermittedFieldset permission={permission}>
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
              <ScheduleField control={form.control} manualHint="Runs only when someone presses “Run now” on the flow page." />
              <RetryField control={form.control} />
              <FlowTableFields control={form.control} editing={editing} namespaceRefusal={refusal?.fields.namespace ?? null} />
            </Stack>
          </PermittedFieldset>
          {shownAbove ? <ErrorState error={shownAbove} /> : null}
          <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} permission={permission} />
        </Stack>
      </form>
    </Paper>
  );
}
