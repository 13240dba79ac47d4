import cronstrue from 'cronstrue';
import { cronUsesZone, describeFrequency, type Schedule, type CronWording } from './schedule-basics';

// A cron in plain words, without the scheduler's library (croner, in schedule.ts): a list shows schedules the
// service has already accepted, so cronstrue reading the expression is enough there. What checks a cron a user
// types goes through schedule.ts, whose words say null for anything the scheduler would refuse.

/**
 * Words by cron expression. Wording a cron costs ~0.1 ms; a list of 10,000 flows shares a few dozen expressions, so
 * each is worded once (bounded, in case a session meets many).
 */
const wordsByCron = new Map<string, string | null>();
const CRON_WORDS_KEPT = 1000;

/** Plain words for a cron expression, or null when it cannot be read. */
export function cronWords(cron: string): string | null {
  const known = wordsByCron.get(cron);
  if (known !== undefined) return known;
  let words: string | null = null;
  try {
    words = cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    // Not an expression cronstrue reads (a wrong field count, a value out of range).
  }
  if (wordsByCron.size >= CRON_WORDS_KEPT) wordsByCron.clear();
  wordsByCron.set(cron, words);
  return words;
}

/** The schedule in words with the given cron wording; a cron that fixes times says they are UTC, as the service reads them. */
export function scheduleInWords(schedule: Schedule, describeCron: (cron: string) => string | null): string {
  switch (schedule.kind) {
    case 'cron': {
      const words = describeCron(schedule.cron);
      if (words === null) return `Unreadable cron: ${schedule.cron}`;
      return cronUsesZone(schedule.cron) ? `${words} (UTC)` : words;
    }
    case 'frequency':
      return describeFrequency(schedule.frequency);
    case 'none':
      return 'No schedule';
  }
}

export const scheduleWords: CronWording = {
  describeCron: cronWords,
  describeSchedule: (schedule) => scheduleInWords(schedule, cronWords),
};
