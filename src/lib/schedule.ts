import { Cron } from 'croner';
import cronstrue from 'cronstrue';

/** A flow's or workflow's schedule: `cron` wins over `frequency` (the public interface says so). */
export type Schedule = { kind: 'cron'; cron: string } | { kind: 'frequency'; frequency: string } | { kind: 'none' };

export function scheduleOf({ frequency, cron }: { frequency: string | null; cron: string | null }): Schedule {
  if (cron) return { kind: 'cron', cron };
  if (frequency) return { kind: 'frequency', frequency };
  return { kind: 'none' };
}

const UNITS: Record<string, [singular: string, plural: string]> = { m: ['minute', 'minutes'], h: ['hour', 'hours'], d: ['day', 'days'] };

/** `6h` reads "Every 6 hours"; a value the interface does not list is shown as it came. */
export function describeFrequency(frequency: string): string {
  if (frequency.toLowerCase() === 'manual') return 'Manual only';
  const match = /^(\d+)\s*([mhd])$/i.exec(frequency.trim());
  const amount = match?.[1];
  const unit = match?.[2] ? UNITS[match[2].toLowerCase()] : undefined;
  if (!amount || !unit) return frequency;
  return Number(amount) === 1 ? `Every ${unit[0]}` : `Every ${amount} ${unit[1]}`;
}

/** Plain words for a cron expression, or null when it is not one a scheduler would accept. */
export function describeCron(cron: string): string | null {
  if (!isValidCron(cron)) return null;
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return null;
  }
}

export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { paused: true, timezone: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** The next times a cron expression fires, in UTC; empty for an invalid expression. */
export function nextCronRuns(cron: string, count: number, from: Date = new Date()): Date[] {
  if (!isValidCron(cron)) return [];
  return new Cron(cron, { paused: true, timezone: 'UTC' }).nextRuns(count, from);
}

export function describeSchedule(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'cron':
      return describeCron(schedule.cron) ?? `Unreadable cron: ${schedule.cron}`;
    case 'frequency':
      return describeFrequency(schedule.frequency);
    case 'none':
      return 'No schedule';
  }
}
