import { nextDueAt, type Schedule } from '@/service-rules/schedule';

// When a flow or workflow runs next: the shared rule (src/service-rules/schedule.ts), which the mock
// service answers by too.

export function nextRunAt(schedule: Schedule, from: Date = new Date()): Date | null {
  return nextDueAt(schedule, from);
}
