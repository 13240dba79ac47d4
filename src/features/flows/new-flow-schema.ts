import { z } from 'zod';
import { type CreateFlowInput, FREQUENCIES, type Flow, type UpdateFlowInput } from '@/api/flows';
import { isValidCron } from '@/lib/schedule';

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
    scheduleKind: z.enum(['frequency', 'cron']),
    frequency: z.enum(FREQUENCIES),
    cron: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.scheduleKind !== 'cron') return;
    // The service checks cron with the same library (croner, UTC), so what passes here it accepts.
    if (values.cron === '') context.addIssue({ code: 'custom', path: ['cron'], message: 'Enter a cron expression' });
    else if (!isValidCron(values.cron)) context.addIssue({ code: 'custom', path: ['cron'], message: 'Not a cron expression the scheduler accepts' });
  });

export type NewFlowFormValues = z.input<typeof newFlowFormSchema>;
export type FlowFormOutput = z.output<typeof newFlowFormSchema>;

export function newFlowDefaults(preset: { source?: number | undefined; destination?: number | undefined }): NewFlowFormValues {
  return {
    displayName: '',
    source: preset.source === undefined ? '' : String(preset.source),
    destination: preset.destination === undefined ? '' : String(preset.destination),
    scheduleKind: 'frequency',
    frequency: 'manual',
    cron: '',
  };
}

/** A flow as the form shows it for editing. A frequency the form does not offer falls back to manual. */
export function flowFormValues(flow: Flow): NewFlowFormValues {
  const frequency = FREQUENCIES.find((known) => known === flow.frequency?.toLowerCase()) ?? 'manual';
  return {
    displayName: flow.displayName,
    source: String(flow.source),
    destination: String(flow.destination),
    scheduleKind: flow.cron ? 'cron' : 'frequency',
    frequency,
    cron: flow.cron ?? '',
  };
}

/** Only the chosen kind of schedule is sent, so the flow never carries a hidden second one. */
export function toCreateFlowInput(values: FlowFormOutput): CreateFlowInput {
  const base = { displayName: values.displayName, source: Number(values.source), destination: Number(values.destination) };
  return values.scheduleKind === 'cron' ? { ...base, cron: values.cron } : { ...base, frequency: values.frequency };
}

/**
 * Only what the edit changed: sending an unchanged schedule would make the service count the next run
 * from now again.
 */
export function toUpdateFlowInput(values: FlowFormOutput, flow: Flow): UpdateFlowInput {
  const after = toCreateFlowInput(values);
  const sameSchedule = flow.cron ? after.cron === flow.cron : after.frequency !== undefined && after.frequency === flow.frequency?.toLowerCase();
  return {
    ...(after.displayName === flow.displayName ? {} : { displayName: after.displayName }),
    ...(after.source === flow.source ? {} : { source: after.source }),
    ...(after.destination === flow.destination ? {} : { destination: after.destination }),
    ...(sameSchedule ? {} : after.cron === undefined ? { frequency: after.frequency } : { cron: after.cron }),
  };
}
