import { describe, expect, it } from 'vitest';
import { NO_RETRIES } from '@/api/run-policy';
import { runPolicyInput } from './run-policy-form';

describe('runPolicyInput', () => {
  it('sends nothing for a new form left at UTC and no retries (the hosted service refuses the fields)', () => {
    expect(runPolicyInput({ timeZone: 'UTC', retries: { ...NO_RETRIES } })).toEqual({});
  });

  it('sends only what differs from the saved policy', () => {
    const saved = { timeZone: 'Europe/Prague', retries: { attempts: 2, backoff: 'fixed', delaySeconds: 60, maxDelaySeconds: 600 } };
    expect(runPolicyInput({ timeZone: 'Europe/Prague', retries: { ...saved.retries, backoff: 'fixed' } }, saved)).toEqual({});
    expect(runPolicyInput({ timeZone: 'UTC', retries: { attempts: 3, backoff: 'exponential', delaySeconds: 60, maxDelaySeconds: 600 } }, saved)).toEqual({
      timeZone: 'UTC',
      retries: { attempts: 3, backoff: 'exponential', delaySeconds: 60, maxDelaySeconds: 600 },
    });
  });
});
