import { describe, expect, it } from 'vitest';
import { compareCursors, isAfterCursor, laterCursor } from './cursor-order';

describe('cursor order', () => {
  it('compares numbers as numbers, not as their text', () => {
    expect(compareCursors(9, 10)).toBeLessThan(0);
    expect(compareCursors(10, 9)).toBeGreaterThan(0);
    expect(compareCursors(-2.5, -2)).toBeLessThan(0);
    expect(compareCursors(7, 7)).toBe(0);
  });

  it('compares ISO date-times as instants, whatever their offset or precision', () => {
    // 10:00 in Paris is 09:00 UTC: earlier than 09:30Z although its text sorts after.
    expect(compareCursors('2026-03-01T10:00:00+01:00', '2026-03-01T09:30:00Z')).toBeLessThan(0);
    expect(compareCursors('2026-03-01T09:00:00.5Z', '2026-03-01T09:00:00.123456Z')).toBeGreaterThan(0);
    expect(compareCursors('2026-03-01T09:00:00.120Z', '2026-03-01T09:00:00.12Z')).toBe(0);
    expect(compareCursors('2026-03-01 09:00:00.000001+00', '2026-03-01T09:00:00Z')).toBeGreaterThan(0);
    expect(compareCursors('2026-02-28', '2026-03-01T00:00:00Z')).toBeLessThan(0);
  });

  it('compares anything else as text, by code point', () => {
    expect(compareCursors('b', 'a')).toBeGreaterThan(0);
    expect(compareCursors('Z', 'a')).toBeLessThan(0);
    expect(compareCursors('10', '9')).toBeLessThan(0);
    expect(compareCursors('2026-03-01T09:00:00Z', 'later')).toBeLessThan(0);
  });

  it('keeps the greatest value as the cursor, and a null never wins', () => {
    const values = ['2026-01-02T00:00:00Z', null, '2026-01-03T01:00:00+02:00', '2026-01-02T23:30:00Z'];
    expect(values.reduce(laterCursor, null)).toBe('2026-01-02T23:30:00Z');
    expect([3, 11, 2].reduce(laterCursor, null)).toBe(11);
    expect(laterCursor(5, null)).toBe(5);
  });

  it('keeps rows after the saved cursor only, and every row when there is none', () => {
    expect(isAfterCursor(11, 10)).toBe(true);
    expect(isAfterCursor(10, 10)).toBe(false);
    expect(isAfterCursor(null, 10)).toBe(false);
    expect(isAfterCursor(null, null)).toBe(true);
  });
});
