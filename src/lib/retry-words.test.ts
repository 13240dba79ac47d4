import { describe, expect, it } from 'vitest';
import { numberById, retryWords } from './retry-words';

describe('retryWords', () => {
  it('names the retry, the policy and the run retried', () => {
    expect(retryWords({ retryNumber: 2, of: 41, policyAttempts: 3 })).toBe('Retry 2 of 3 of #41');
  });

  it('says nothing of a first try', () => {
    expect(retryWords({ retryNumber: 0, of: undefined, policyAttempts: 3 })).toBeNull();
  });

  it('leaves out what it does not know, and a policy lowered since', () => {
    expect(retryWords({ retryNumber: 3, of: undefined, policyAttempts: 1 })).toBe('Retry 3');
  });

  it('finds a number by id among the runs on screen', () => {
    const of = numberById([{ id: 7, number: 2 }]);
    expect([of(7), of(8), of(null)]).toEqual([2, undefined, undefined]);
  });
});
