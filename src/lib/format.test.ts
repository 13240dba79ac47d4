import { describe, expect, it } from 'vitest';
import { compareNames, dateFormat, formatCountdown, formatDuration } from './format';
import { fromWallTime, toWallTime } from './wall-time';

describe('times of day and wall times', () => {
  it('tells a log line’s time to the millisecond on a 24-hour clock, midnight as 00', () => {
    const utc = dateFormat('utc');
    expect(utc.clockTime('2026-11-24T04:19:03.250Z')).toBe('04:19:03.250');
    expect(utc.clockTime('2026-11-24T00:00:00.007Z')).toBe('00:00:00.007');
    expect(utc.clockTime(Date.UTC(2026, 10, 24, 23, 59, 59, 999))).toBe('23:59:59.999');
  });

  it('reads a picker’s wall time back to the instant it was made from, in either zone', () => {
    const instant = Date.UTC(2026, 10, 24, 4, 19, 0);
    expect(toWallTime('utc', instant)).toBe('2026-11-24 04:19:00');
    expect(fromWallTime('utc', '2026-11-24 04:19:00').getTime()).toBe(instant);
    expect(fromWallTime('local', toWallTime('local', instant) ?? '').getTime()).toBe(instant);
    // A saved ISO instant, with its offset, shows as the wall time of the zone asked for.
    expect(toWallTime('utc', '2026-11-24T05:19:00+01:00')).toBe('2026-11-24 04:19:00');
  });

  it('refuses what is not a wall time rather than rolling it over', () => {
    expect(fromWallTime('utc', '2026-02-31 10:00:00').getTime()).toBeNaN();
    expect(fromWallTime('utc', 'tomorrow').getTime()).toBeNaN();
    expect(toWallTime('local', 'not a date')).toBeNull();
    expect(fromWallTime('utc', '2026-11-24 04:19').getTime()).toBe(Date.UTC(2026, 10, 24, 4, 19));
  });
});

describe('name order', () => {
  it('orders names as people read them: case aside, numbers by value', () => {
    expect(['flow 10', 'Flow 9', 'alpha', 'Beta'].sort(compareNames)).toEqual(['alpha', 'Beta', 'Flow 9', 'flow 10']);
  });
});

describe('durations and countdowns', () => {
  it('say how long a run took to the millisecond under a second, in two padded units above', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(30 * 3_600_000)).toBe('30 h 00 min');
  });

  it('count down in the two largest units, days from the first day on', () => {
    expect(formatCountdown(850)).toBe('0 s');
    expect(formatCountdown(185_000)).toBe('3 min 5 s');
    expect(formatCountdown(30 * 3_600_000)).toBe('1 d 6 h');
    expect(formatCountdown(-5_000)).toBe('0 s');
  });
});
