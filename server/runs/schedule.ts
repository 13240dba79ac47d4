import { Cron } from 'croner';
import { FREQUENCY_MS, type Schedule } from '@/service-rules/schedule';

// When a flow or workflow runs next: `cron` wins over `frequency` (an empty cron means none);
// `manual` never runs on its own. Cron expressions are read in UTC (src/service-rules/schedule.ts
// decides which schedules a write may set).

export function nextRunAt(schedule: Schedule, from: Date = new Date()): Date | null {
  const cron = schedule.cron?.trim();
  if (cron) {
    const job = new Cron(cron, { timezone: 'UTC', paused: true });
    const next = job.nextRun(from);
    job.stop();
    return next;
  }
  const interval = schedule.frequency ? FREQUENCY_MS[schedule.frequency] : undefined;
  return interval === undefined ? null : new Date(from.getTime() + interval);
}
