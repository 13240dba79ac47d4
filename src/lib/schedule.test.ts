import { describe, expect, it } from 'vitest';
import {
  cronUsesZone,
  describeCron,
  describeFrequency,
  describeSchedule,
  isValidCron,
  nextCronRuns,
  scheduledRunsBetween,
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

describe('cron zones', () => {
  it('knows which cron expressions are told in UTC', () => {
    expect(cronUsesZone('*/15 * * * *')).toBe(false);
    expect(cronUsesZone('30 2 * * *')).toBe(true);
    expect(cronUsesZone('*/15 * * * 1')).toBe(true);
  });
});

describe('upcoming runs', () => {
  const now = new Date('2026-11-22T05:00:00Z');
  it('starts from the service’s next run and never works it out (one rule, the service’s)', () => {
    expect(upcomingRuns({ kind: 'cron', cron: '0 */6 * * *' }, '2026-11-22T12:00:00Z', 2, now)).toEqual({
      kind: 'at',
      runs: [new Date('2026-11-22T12:00:00Z'), new Date('2026-11-22T18:00:00Z')],
    });
    // A frequency that ran at 04:30 would be due at 05:30 by the browser's reckoning: the service says 07:00.
    expect(upcomingRuns({ kind: 'frequency', frequency: '1h' }, '2026-11-22T07:00:00Z', 3, now)).toEqual({
      kind: 'at',
      runs: [new Date('2026-11-22T07:00:00Z')],
    });
  });

  it('previews an expression not saved yet from now, in its time zone, across daylight saving', () => {
    expect(upcomingRuns({ kind: 'cron', cron: '0 */6 * * *' }, undefined, 2, now)).toEqual({
      kind: 'at',
      runs: [new Date('2026-11-22T06:00:00Z'), new Date('2026-11-22T12:00:00Z')],
    });
    // 02:30 in Prague: 01:30 UTC in winter, 00:30 UTC once summer time starts (29 March 2026).
    const prague = upcomingRuns({ kind: 'cron', cron: '30 2 * * *' }, undefined, 1, new Date('2026-01-10T00:00:00Z'), 'Europe/Prague');
    expect(prague).toEqual({ kind: 'at', runs: [new Date('2026-01-10T01:30:00Z')] });
    const summer = upcomingRuns({ kind: 'cron', cron: '0 9 * * *' }, '2026-03-28T08:00:00Z', 3, now, 'Europe/Prague');
    expect(summer).toEqual({ kind: 'at', runs: [new Date('2026-03-28T08:00:00Z'), new Date('2026-03-29T07:00:00Z'), new Date('2026-03-30T07:00:00Z')] });
  });

  it('says nothing of a paused or manual schedule, and tells a bad expression', () => {
    expect(upcomingRuns({ kind: 'frequency', frequency: '6h' }, null, 3, now)).toEqual({ kind: 'none' });
    expect(upcomingRuns({ kind: 'frequency', frequency: '6h' }, undefined, 3, now)).toEqual({ kind: 'none' });
    expect(upcomingRuns({ kind: 'cron', cron: 'bad' }, null, 3, now)).toEqual({ kind: 'invalid' });
  });

  it('draws the timeline’s ticks from the service’s next run on', () => {
    const from = new Date('2026-11-22T05:00:00Z');
    const to = new Date('2026-11-22T09:00:00Z');
    expect(scheduledRunsBetween({ kind: 'frequency', frequency: '1h' }, '2026-11-22T07:15:00Z', from, to, 10)).toEqual([
      new Date('2026-11-22T07:15:00Z'),
      new Date('2026-11-22T08:15:00Z'),
    ]);
    expect(scheduledRunsBetween({ kind: 'frequency', frequency: '1h' }, null, from, to, 10)).toEqual([]);
  });

  it('says a cron that fixes times is read in UTC', () => {
    expect(describeSchedule({ kind: 'cron', cron: '30 2 * * *' })).toBe('At 02:30 (UTC)');
    expect(describeSchedule({ kind: 'cron', cron: '*/15 * * * *' })).toBe('Every 15 minutes');
  });
});
