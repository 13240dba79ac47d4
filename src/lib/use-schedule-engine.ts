import { useEffect, useSyncExternalStore } from 'react';
import { loadedScheduleEngine, onScheduleEngine, type ScheduleEngine } from './schedule-basics';

let loading: Promise<ScheduleEngine> | null = null;

/** Fetches the cron library (schedule.ts registers itself when evaluated); on intent, or when a cron is drawn. */
export function loadScheduleEngine(): Promise<ScheduleEngine> {
  loading ??= import('./schedule');
  return loading;
}

/**
 * The cron-dependent schedule functions, or null while they load; `needed` false (a frequency, no schedule)
 * never fetches them. Whatever shows a cron draws a placeholder of its size until they arrive.
 */
export function useScheduleEngine(needed: boolean): ScheduleEngine | null {
  const engine = useSyncExternalStore(onScheduleEngine, loadedScheduleEngine);
  useEffect(() => {
    if (needed && !engine) void loadScheduleEngine();
  }, [needed, engine]);
  return engine;
}
