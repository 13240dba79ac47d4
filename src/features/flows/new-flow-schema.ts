import { z } from 'zod';
import type { CreateFlowInput, Flow, UpdateFlowInput } from '@/api/flows';
import { namespaceInputSchema, SCHEMA_CHANGE_POLICIES, tablePrefixInputSchema } from '@/api/tables';
import { runPolicyFormDefaults, runPolicyFormFields, runPolicyInput } from '@/lib/run-policy-form';
import { checkScheduleForm, scheduleFormDefaults, scheduleFormFields, scheduleInput } from '@/lib/schedule-form';

// What the flow form (new and edit) holds, as typed. Ids stay strings (select values) until the flow is sent.

const idText = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, message);

export const newFlowFormSchema = z
  .object({
    displayName: z.string().trim().min(1, 'Give the flow a name'),
    source: idText('Choose a source'),
    destination: idText('Choose a destination'),
    ...scheduleFormFields,
    ...runPolicyFormFields,
    // Empty: a new flow gets a namespace named from it; an existing one writes into its destination's default.
    namespace: namespaceInputSchema.or(z.literal('')),
    tablePrefix: tablePrefixInputSchema,
    schemaChanges: z.enum(SCHEMA_CHANGE_POLICIES),
  })
  .superRefine(checkScheduleForm);

export type NewFlowFormValues = z.input<typeof newFlowFormSchema>;
export type FlowFormOutput = z.output<typeof newFlowFormSchema>;

export function newFlowDefaults(preset: { source?: number | undefined; destination?: number | undefined }): NewFlowFormValues {
  return {
    displayName: '',
    source: preset.source === undefined ? '' : String(preset.source),
    destination: preset.destination === undefined ? '' : String(preset.destination),
    ...scheduleFormDefaults(),
    ...runPolicyFormDefaults(),
    namespace: '',
    tablePrefix: '',
    schemaChanges: 'propagate',
  };
}

/** A flow as the form shows it for editing. A frequency the form does not offer falls back to manual. */
export function flowFormValues(flow: Flow): NewFlowFormValues {
  return {
    displayName: flow.displayName,
    source: String(flow.source),
    destination: String(flow.destination),
    ...scheduleFormDefaults({ frequency: flow.frequency?.toLowerCase() ?? null, cron: flow.cron }),
    ...runPolicyFormDefaults(flow),
    namespace: flow.namespace ?? '',
    tablePrefix: flow.tablePrefix,
    schemaChanges: flow.schemaChanges === 'pause' ? 'pause' : 'propagate',
  };
}

/** The flow's fields but its run policy, as a create sends them. */
function flowFieldsInput(values: FlowFormOutput): Omit<CreateFlowInput, 'timeZone' | 'retries'> {
  return {
    displayName: values.displayName,
    source: Number(values.source),
    destination: Number(values.destination),
    ...scheduleInput(values),
    // Left out, the service names the flow's namespace from the flow.
    ...(values.namespace === '' ? {} : { namespace: values.namespace }),
    ...(values.tablePrefix === '' ? {} : { tablePrefix: values.tablePrefix }),
    // The default is left out too: a service without Flowdeck's additions (the hosted one) refuses these fields.
    ...(values.schemaChanges === 'propagate' ? {} : { schemaChanges: values.schemaChanges }),
  };
}

export function toCreateFlowInput(values: FlowFormOutput): CreateFlowInput {
  return { ...flowFieldsInput(values), ...runPolicyInput(values) };
}

/**
 * Only what the edit changed: sending an unchanged schedule would make the service count the next run
 * from now again.
 */
export function toUpdateFlowInput(values: FlowFormOutput, flow: Flow): UpdateFlowInput {
  const after = flowFieldsInput(values);
  const sameSchedule = flow.cron ? after.cron === flow.cron : after.frequency !== undefined && after.frequency === flow.frequency?.toLowerCase();
  const namespace = values.namespace === '' ? null : values.namespace;
  return {
    ...(after.displayName === flow.displayName ? {} : { displayName: after.displayName }),
    ...(after.source === flow.source ? {} : { source: after.source }),
    ...(after.destination === flow.destination ? {} : { destination: after.destination }),
    ...(sameSchedule ? {} : after.cron === undefined ? { frequency: after.frequency } : { cron: after.cron }),
    // An emptied namespace is null: the destination's default.
    ...(namespace === flow.namespace ? {} : { namespace }),
    ...(values.tablePrefix === flow.tablePrefix ? {} : { tablePrefix: values.tablePrefix }),
    ...(values.schemaChanges === flow.schemaChanges ? {} : { schemaChanges: values.schemaChanges }),
    ...runPolicyInput(values, flow),
  };
}
