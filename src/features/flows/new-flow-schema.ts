import { z } from 'zod';
import { type CreateFlowInput, FREQUENCIES } from '@/api/flows';
import { isValidCron } from '@/lib/schedule';

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

/** Only the chosen kind of schedule is sent, so the flow never carries a hidden second one. */
export function toCreateFlowInput(values: z.output<typeof newFlowFormSchema>): CreateFlowInput {
  const base = { displayName: values.displayName, source: Number(values.source), destination: Number(values.destination) };
  return values.scheduleKind === 'cron' ? { ...base, cron: values.cron } : { ...base, frequency: values.frequency };
}
