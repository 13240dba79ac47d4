import { useSyncExternalStore } from 'react';
import { type DateFormat, dateFormat, type Zone } from './format';

/**
 * The zone every date on screen is told in: the browser's own, or UTC (the zone the service schedules cron
 * in). Chosen in the header, remembered on this device, read by every screen through useDateFormat.
 */
export type TimeZoneChoice = Zone;

const STORAGE_KEY = 'flowdeck.timeZone';
const listeners = new Set<() => void>();

function readChoice(): TimeZoneChoice {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    return 'local'; // storage refused (private mode, tests without a DOM)
  }
}

export function setTimeZoneChoice(choice: TimeZoneChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not remembered, but still applied for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it: follow.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(subscribe, readChoice, () => 'local');
}

/** The formatter for the chosen zone: every date on screen goes through it. */
export function useDateFormat(): DateFormat {
  return dateFormat(useTimeZoneChoice());
}
