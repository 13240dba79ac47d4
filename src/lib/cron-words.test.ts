import { describe, expect, it } from 'vitest';
import { cronWords, scheduleWords } from './cron-words';
import { describeCron } from './schedule';

describe('cron words without the scheduler', () => {
  it('words what cronstrue reads, says UTC when the times depend on the zone, and nothing for an unreadable cron', () => {
    expect(cronWords('0 2 * * *')).toBe('At 02:00');
    expect(scheduleWords.describeSchedule({ kind: 'cron', cron: '0 2 * * *' })).toBe('At 02:00 (UTC)');
    expect(scheduleWords.describeSchedule({ kind: 'cron', cron: '*/15 * * * *' })).toBe('Every 15 minutes');
    expect(scheduleWords.describeSchedule({ kind: 'cron', cron: '99 * * * *' })).toBe('Unreadable cron: 99 * * * *');
  });

  it('says the same words as the scheduler’s engine for any cron the scheduler accepts', () => {
    for (const cron of ['0 3 * * *', '*/5 * * * *', '0 0 1 * *', '30 6 * * 1-5', '0 */6 * * *']) expect(cronWords(cron)).toBe(describeCron(cron));
  });
});
