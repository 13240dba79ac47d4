import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, InputBase, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorState } from '@/components/error-state';
import { RetryField } from '@/components/retry-field';
import { ScheduleField } from '@/components/schedule-field';
import { flowQueries } from '@/resources/flows';
import { LazyWorkflowGraph } from './lazy-workflow-graph';
import { formStepProblems, toDrafts, workflowFormSchema, type WorkflowFormOutput, type WorkflowFormValues } from './workflow-form-schema';
import { StepsField } from './workflow-steps-field';
import { useFlowName } from './use-flow-name';
import classes from './workflow-form.module.css';
import { FormActions } from '@/components/form-actions';
import { PermissionNotice, PermittedFieldset } from '@/components/permitted';
import type { Permission } from '@/lib/permissions';

interface WorkflowFormProps {
  defaults: WorkflowFormValues;
  submitLabel: string;
  /** Saves; a refusal shows as `error` and leaves the form as typed. */
  onSubmit: (values: WorkflowFormOutput) => Promise<unknown>;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  /** Whether the signed-in role may save it: when not, the reason above, the fields and the save disabled. */
  permission: Permission;
}

/** Name, description, enabled, schedule and steps, with a preview of the steps as a graph beside them. */
export function WorkflowForm({ defaults, submitLabel, onSubmit, pending, error, onCancel, permission }: WorkflowFormProps) {
  const flows = useQuery(flowQueries.list());
  const flowIds = useMemo(() => (flows.data ? new Set(flows.data.map((flow) => flow.id)) : null), [flows.data]);
  // Flows are looked up only once they are known: until then no step is said to name a missing one.
  const flowExists = useMemo(() => (flowIds ? (flowId: number) => flowIds.has(flowId) : undefined), [flowIds]);
  const schema = useMemo(() => workflowFormSchema(flowExists), [flowExists]);
  const form = useForm<WorkflowFormValues, unknown, WorkflowFormOutput>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'onTouched' });
  const steps = useWatch({ control: form.control, name: 'steps' });
  const keepDefinition = useWatch({ control: form.control, name: 'keepDefinition' });
  const problems = keepDefinition && steps.length === 0 ? [] : formStepProblems(steps, flowExists);
  const preview = useMemo(() => toDrafts(steps), [steps]);
  const flowName = useFlowName(flows.data);
  const submit = form.handleSubmit((values) => onSubmit(values).catch(() => undefined));
  const { errors, isSubmitted } = form.formState;

  return (
    <div className={classes.layout}>
      <div>
        <Paper withBorder p="lg">
          <form onSubmit={(event) => void submit(event)} noValidate aria-label="Workflow">
            <Stack>
              <PermissionNotice permission={permission} />
              <PermittedFieldset permission={permission}>
                <Stack>
                  <TextInput
                    label="Name"
                    placeholder="Nightly warehouse refresh"
                    required
                    autoComplete="off"
                    error={errors.name?.message}
                    {...form.register('name')}
                  />
                  {/* A plain textarea: Mantine's Textarea brings its autosize code (1.6 KB gzip) even when it does not grow. */}
                  <InputBase component="textarea" multiline label="Description" rows={3} {...form.register('description')} />
                  <Controller
                    control={form.control}
                    name="enabled"
                    render={({ field }) => (
                      <Switch
                        label="Enabled"
                        // Mantine's label wraps the description too: the name would read it all.
                        aria-label="Enabled"
                        description="A disabled workflow does not run on its schedule or from webhooks; Run now still runs it."
                        checked={field.value}
                        onChange={(event) => {
                          field.onChange(event.currentTarget.checked);
                        }}
                        onBlur={field.onBlur}
                        ref={field.ref}
                      />
                    )}
                  />
                  <ScheduleField control={form.control} manualHint="Runs only when someone presses “Run now” or a webhook starts it." />
                  <RetryField control={form.control} />
                  {keepDefinition && steps.length === 0 && (
                    <Alert color="yellow" role="note" title="A definition Flowdeck cannot show as steps">
                      It is kept as it is. Adding steps replaces it with {'{ "steps": [...] }'}.
                    </Alert>
                  )}
                  {flows.isError && <ErrorState error={flows.error} onRetry={() => void flows.refetch()} />}
                  <StepsField control={form.control} flows={flows.data} problems={problems} submitted={isSubmitted} />
                </Stack>
              </PermittedFieldset>
              {error !== null && <ErrorState error={error} />}
              <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} permission={permission} />
            </Stack>
          </form>
        </Paper>
      </div>
      <div>
        <Paper withBorder p="lg" component="section" aria-labelledby="preview-title" pos="sticky" top={80}>
          <Title order={2} size="h4" id="preview-title" mb="sm">
            Preview
          </Title>
          {preview.length === 0 ? (
            <Text size="sm" c="dimmed">
              The steps show here as a graph as you add them: an arrow from each step to the steps that wait for it.
            </Text>
          ) : (
            <LazyWorkflowGraph steps={preview} flowName={flowName} label="Preview of the steps" />
          )}
        </Paper>
      </div>
    </div>
  );
}
