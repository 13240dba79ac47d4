import { z } from 'zod';
import { FREQUENCIES } from '@/api/flows';
import { isValidCron } from './cron';

// The schedule part of the forms that set one (new flow, new and edit workflow): a frequency from the
// interface's list or a cron expression, checked as typed by the same library the service checks with.

export const scheduleFormFields = {
  scheduleKind: z.enum(['frequency', 'cron']),
  frequency: z.enum(FREQUENCIES),
  cron: z.string().trim(),
};

export interface ScheduleFormValues {
  scheduleKind: 'frequency' | 'cron';
  frequency: (typeof FREQUENCIES)[number];
  cron: string;
}

/** For a form's superRefine: an empty or unreadable cron, when cron is the chosen kind. */
export function checkScheduleForm(values: ScheduleFormValues, context: z.RefinementCtx): void {
  if (values.scheduleKind !== 'cron') return;
  if (values.cron === '') {
    context.addIssue({ code: 'custom', path: ['cron'], message: 'Enter a cron expression' });
    return;
  }
  // The service checks cron with the same library (croner, UTC), so what passes here it accepts.
  if (!isValidCron(values.cron)) context.addIssue({ code: 'custom', path: ['cron'], message: 'Not a cron expression the scheduler accepts' });
}

const isFrequency = (value: string | null): value is ScheduleFormValues['frequency'] => (FREQUENCIES as readonly (string | null)[]).includes(value);

/** The form's schedule for a saved one (cron wins, as on the service); `manual` when it has none. */
export function scheduleFormDefaults(saved: { frequency: string | null; cron: string | null } = { frequency: null, cron: null }): ScheduleFormValues {
  if (saved.cron) return { scheduleKind: 'cron', frequency: 'manual', cron: saved.cron };
  return { scheduleKind: 'frequency', frequency: isFrequency(saved.frequency) ? saved.frequency : 'manual', cron: '' };
}

/** Only the chosen kind of schedule is sent (a frequency replaces a cron on the service), so nothing carries a hidden second one. */
export function scheduleInput(values: ScheduleFormValues): { cron: string } | { frequency: ScheduleFormValues['frequency'] } {
  return values.scheduleKind === 'cron' ? { cron: values.cron } : { frequency: values.frequency };
}
