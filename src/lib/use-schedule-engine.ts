import { onDemand, useOnDemand } from './on-demand';
import { type ScheduleEngine, scheduleEngineStore, type CronWording, scheduleWordsStore } from './schedule-basics';

// Each module hands itself over to its store when evaluated, whichever way it came: a static import on a page that
// always needs it, or the fetch below. A page that already has it draws cron words in its first render.

/** Cron words alone (cronstrue): the lists. schedule.ts brings them too, so a page with the engine has both. */
export const scheduleWordsOnDemand = onDemand<CronWording>(() => import('./cron-words').then((module) => module.scheduleWords), scheduleWordsStore);

/** The words checked by the scheduler's library, and cron times (croner): forms, next runs, the timeline. */
export const scheduleEngineOnDemand = onDemand<ScheduleEngine>(() => import('./schedule').then((module) => module.scheduleEngine), scheduleEngineStore);

/** Fetches the cron library; on intent, or when a cron is checked before it came. */
export function loadScheduleEngine(): Promise<ScheduleEngine> {
  return scheduleEngineOnDemand.load();
}

/**
 * The cron-dependent schedule functions, or null while they load; `needed` false (a frequency, no schedule)
 * never fetches them. Whatever shows a cron draws a placeholder of its size until they arrive.
 */
export function useScheduleEngine(needed: boolean): ScheduleEngine | null {
  return useOnDemand(scheduleEngineOnDemand, needed);
}

/** Cron words only, for what shows a schedule and nothing of its times: without the scheduler's library. */
export function useScheduleWords(needed: boolean): CronWording | null {
  return useOnDemand(scheduleWordsOnDemand, needed);
}
