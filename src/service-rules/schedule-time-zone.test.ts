import { describe, expect, it } from 'vitest';
import { nextDueAt, nextDueTimes } from './schedule';

// A cron is read in its schedule's IANA time zone (UTC by default), the scheduler's and the next-runs
// preview's rule alike. Europe/Prague goes to summer time on 2026-03-29 (02:00 → 03:00) and back on
// 2026-10-25 (03:00 → 02:00).

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('cron in a time zone', () => {
  it('reads a cron in UTC when no zone is named', () => {
    expect(nextDueAt({ frequency: null, cron: '0 2 * * *' }, new Date('2026-01-10T12:00:00Z'))?.toISOString()).toBe('2026-01-11T02:00:00.000Z');
  });

  it('keeps 06:30 local time across the spring change: the UTC time moves an hour earlier', () => {
    const times = nextDueTimes({ frequency: null, cron: '30 6 * * *', timeZone: 'Europe/Prague' }, 3, new Date('2026-03-28T00:00:00Z'));
    expect(iso(times)).toEqual(['2026-03-28T05:30:00.000Z', '2026-03-29T04:30:00.000Z', '2026-03-30T04:30:00.000Z']);
  });

  it('keeps 06:30 local time across the autumn change: the UTC time moves an hour later', () => {
    const times = nextDueTimes({ frequency: null, cron: '30 6 * * *', timeZone: 'Europe/Prague' }, 3, new Date('2026-10-24T00:00:00Z'));
    expect(iso(times)).toEqual(['2026-10-24T04:30:00.000Z', '2026-10-25T05:30:00.000Z', '2026-10-26T05:30:00.000Z']);
  });

  it('runs a time the spring change skips (02:30) once that night, right after the gap', () => {
    const times = nextDueTimes({ frequency: null, cron: '30 2 * * *', timeZone: 'Europe/Prague' }, 3, new Date('2026-03-28T00:00:00Z'));
    expect(times).toHaveLength(3);
    expect(iso(times)[0]).toBe('2026-03-28T01:30:00.000Z');
    // 2026-03-29 02:30 does not exist in Prague: that night's run is at 03:00 local, the first minute after the gap.
    expect(iso(times)[1]).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(times)[2]).toBe('2026-03-30T00:30:00.000Z');
  });

  it('runs a time the autumn change repeats (02:30) once, not twice', () => {
    const times = nextDueTimes({ frequency: null, cron: '30 2 * * *', timeZone: 'Europe/Prague' }, 3, new Date('2026-10-24T12:00:00Z'));
    const night = iso(times).filter((time) => time.startsWith('2026-10-25') || time.startsWith('2026-10-24T2'));
    expect(night).toHaveLength(1);
    expect(iso(times)[2]).toBe('2026-10-27T01:30:00.000Z');
  });

  it('counts a frequency in elapsed time, whatever the zone', () => {
    const from = new Date('2026-03-29T00:30:00Z');
    expect(nextDueAt({ frequency: '6h', cron: null, timeZone: 'Europe/Prague' }, from)?.toISOString()).toBe('2026-03-29T06:30:00.000Z');
  });
});
