import { z } from 'zod';
import type { CreateFlowInput } from '@/api/flows';
import { checkScheduleForm, scheduleFormDefaults, scheduleFormFields, scheduleInput } from '@/lib/schedule-form';

// What the new-flow form holds, as typed. Ids stay strings (select values) until the flow is sent.

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
  })
  .superRefine(checkScheduleForm);

export type NewFlowFormValues = z.input<typeof newFlowFormSchema>;

export function newFlowDefaults(preset: { source?: number | undefined; destination?: number | undefined }): NewFlowFormValues {
  return {
    displayName: '',
    source: preset.source === undefined ? '' : String(preset.source),
    destination: preset.destination === undefined ? '' : String(preset.destination),
    ...scheduleFormDefaults(),
  };
}

export function toCreateFlowInput(values: z.output<typeof newFlowFormSchema>): CreateFlowInput {
  return { displayName: values.displayName, source: Number(values.source), destination: Number(values.destination), ...scheduleInput(values) };
}
