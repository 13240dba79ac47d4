import { Cron } from 'croner';
import { InvalidInput } from './errors';

// A flow's or workflow's schedule after a write. `cron` wins over `frequency`; an empty cron means none
// (as the interface reads it); setting a frequency replaces a cron; `manual` runs only on request. Cron
// expressions are read by croner in UTC, as the service's scheduler reads them.

/** How long each frequency waits between scheduled runs (`manual` never runs on its own). */
export const FREQUENCY_MS: Readonly<Record<string, number>> = {
  '24h': 86_400_000,
  '12h': 43_200_000,
  '6h': 21_600_000,
  '1h': 3_600_000,
  '30m': 1_800_000,
  '15m': 900_000,
};

export interface Schedule {
  frequency: string | null;
  cron: string | null;
}

/** Why the cron expression cannot be used, or null when it can. */
export function cronProblem(expression: string): string | null {
  try {
    new Cron(expression, { timezone: 'UTC', paused: true }).stop();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The schedule `input` leaves (`current` is the stored one, all null for a new flow); 400 for a cron the scheduler cannot read. */
export function scheduleAfter(current: Schedule, input: { frequency?: string | undefined; cron?: string | undefined }): Schedule {
  const frequency = input.frequency ?? (input.cron !== undefined ? null : current.frequency);
  const cron = (input.cron ?? (input.frequency !== undefined ? null : current.cron))?.trim() ?? '';
  if (cron === '') return { frequency: frequency ?? 'manual', cron: null };
  const problem = cronProblem(cron);
  if (problem) throw new InvalidInput(`cron: ${problem}`);
  return { frequency: null, cron };
}

/** Whether a write changes when the next run is due (a new frequency or cron). */
export const changesSchedule = (input: { frequency?: string | undefined; cron?: string | undefined }) =>
  input.frequency !== undefined || input.cron !== undefined;
