import { describe, expect, it } from 'vitest';
import { attemptLabel, attemptNumberOf, numberAttempts } from './attempt-numbers';

describe('per-flow attempt numbers', () => {
  it('counts a flow’s attempts from its first, whatever their global ids', () => {
    const counted = numberAttempts([{ id: 40 }, { id: 52 }, { id: 97 }]);
    expect(attemptNumberOf({ id: 97 }, counted)).toBe(3);
    expect(attemptNumberOf({ id: 40 }, counted)).toBe(1);
    expect(attemptNumberOf({ id: 98 }, counted)).toBeUndefined();
  });

  it('reads the number the service sends, when it sends one', () => {
    expect(attemptNumberOf({ id: 97, number: 12 }, numberAttempts([{ id: 97 }]))).toBe(12);
    // A service without numbers: src/api reads them as null, and the count stands in.
    expect(attemptNumberOf({ id: 97, number: null }, numberAttempts([{ id: 97 }]))).toBe(1);
  });

  it('labels a number, or says it is being counted', () => {
    expect(attemptLabel(3)).toBe('#3');
    expect(attemptLabel(undefined)).toBe('#…');
  });
});
