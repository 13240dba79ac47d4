import { describe, expect, it } from 'vitest';
import {
  cronUsesZone,
  describeCron,
  describeFrequency,
  describeSchedule,
  isValidCron,
  nextCronRuns,
  nextFrequencyRun,
  scheduleOf,
  upcomingRuns,
} from './schedule';

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

describe('next runs of a frequency', () => {
  it('is due one frequency after the last run started', () => {
    expect(nextFrequencyRun('6h', '2026-11-22T05:00:00Z')?.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(nextFrequencyRun('15m', '2026-11-22T05:00:00Z')?.toISOString()).toBe('2026-11-22T05:15:00.000Z');
  });

  it('is not known for a flow that never ran, a manual one or an unlisted frequency', () => {
    expect(nextFrequencyRun('6h', null)).toBeNull();
    expect(nextFrequencyRun('manual', '2026-11-22T05:00:00Z')).toBeNull();
    expect(nextFrequencyRun('fortnightly', '2026-11-22T05:00:00Z')).toBeNull();
  });

  it('knows which cron expressions are told in UTC', () => {
    expect(cronUsesZone('*/15 * * * *')).toBe(false);
    expect(cronUsesZone('30 2 * * *')).toBe(true);
    expect(cronUsesZone('*/15 * * * 1')).toBe(true);
  });
});

describe('upcoming runs', () => {
  const now = new Date('2026-11-22T05:00:00Z');
  it('lists a cron’s next ticks and a frequency’s next run after the last start', () => {
    expect(upcomingRuns({ kind: 'cron', cron: '0 */6 * * *' }, undefined, 2, now)).toEqual({
      kind: 'at',
      runs: [new Date('2026-11-22T06:00:00Z'), new Date('2026-11-22T12:00:00Z')],
    });
    expect(upcomingRuns({ kind: 'frequency', frequency: '1h' }, '2026-11-22T04:30:00Z', 3, now)).toEqual({
      kind: 'at',
      runs: [new Date('2026-11-22T05:30:00Z')],
    });
  });

  it('says what it cannot know', () => {
    expect(upcomingRuns({ kind: 'frequency', frequency: '6h' }, null, 3, now)).toEqual({ kind: 'after-creation', interval: '6 hours' });
    expect(upcomingRuns({ kind: 'frequency', frequency: '6h' }, undefined, 3, now)).toEqual({ kind: 'unknown' });
    expect(upcomingRuns({ kind: 'frequency', frequency: 'manual' }, null, 3, now)).toEqual({ kind: 'none' });
    expect(upcomingRuns({ kind: 'cron', cron: 'bad' }, null, 3, now)).toEqual({ kind: 'invalid' });
  });

  it('says a cron that fixes times is read in UTC', () => {
    expect(describeSchedule({ kind: 'cron', cron: '30 2 * * *' })).toBe('At 02:30 (UTC)');
    expect(describeSchedule({ kind: 'cron', cron: '*/15 * * * *' })).toBe('Every 15 minutes');
  });
});
