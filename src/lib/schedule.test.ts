import { describe, expect, it } from 'vitest';
import { describeCron, describeFrequency, describeSchedule, isValidCron, nextCronRuns, scheduleOf } from './schedule';

describe('schedules in words', () => {
  it('reads every documented frequency', () => {
    expect(['manual', '24h', '12h', '6h', '1h', '30m', '15m'].map(describeFrequency)).toEqual([
      'Manual only',
      'Every 24 hours',
      'Every 12 hours',
      'Every 6 hours',
      'Every hour',
      'Every 30 minutes',
      'Every 15 minutes',
    ]);
  });

  it('shows an undocumented frequency as it came', () => {
    expect(describeFrequency('fortnightly')).toBe('fortnightly');
  });

  it('explains cron expressions and refuses invalid ones', () => {
    expect(describeCron('*/15 * * * *')).toBe('Every 15 minutes');
    expect(describeCron('0 2 * * *')).toBe('At 02:00');
    expect(describeCron('61 * * * *')).toBeNull();
    expect(isValidCron('not cron')).toBe(false);
  });

  it('lets cron win over frequency, and says when there is no schedule', () => {
    expect(scheduleOf({ frequency: '6h', cron: '0 0 * * *' })).toEqual({ kind: 'cron', cron: '0 0 * * *' });
    expect(describeSchedule(scheduleOf({ frequency: '6h', cron: null }))).toBe('Every 6 hours');
    expect(describeSchedule(scheduleOf({ frequency: null, cron: null }))).toBe('No schedule');
    expect(describeSchedule({ kind: 'cron', cron: '99 * * * *' })).toBe('Unreadable cron: 99 * * * *');
  });

  it('lists the next runs of a cron expression in UTC', () => {
    const runs = nextCronRuns('0 */6 * * *', 3, new Date('2026-11-22T05:00:00Z'));
    expect(runs.map((run) => run.toISOString())).toEqual(['2026-11-22T06:00:00.000Z', '2026-11-22T12:00:00.000Z', '2026-11-22T18:00:00.000Z']);
    expect(nextCronRuns('bad', 3)).toEqual([]);
  });
});
