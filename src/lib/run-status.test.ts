import { describe, expect, it } from 'vitest';
import { isRunActive, runStateLabel, runStateOf, splitCancelNote, triggerLabel } from './run-status';

const ended = (disposition: string, errors: string[] = []) => ({ lifecycle: 'not_running', disposition, errors });

describe('plain run states', () => {
  it('reads every lifecycle and disposition as a word', () => {
    expect(runStateLabel({ lifecycle: 'pending', disposition: 'none' })).toBe('Queued');
    expect(runStateLabel({ lifecycle: 'running', disposition: 'none' })).toBe('Running');
    expect(runStateLabel(ended('succeeded'))).toBe('Succeeded');
    expect(runStateLabel(ended('failed', ['Could not connect.']))).toBe('Failed');
    expect(runStateLabel(ended('none'))).toBe('Never run');
    expect(runStateLabel(null)).toBe('Never run');
  });

  it('tells a run cancelled by a user from a failure, as the service and the mock word it', () => {
    expect(runStateOf(ended('failed', ['Cancelled by user.']))).toBe('cancelled');
    expect(runStateOf(ended('failed', ['Cancelled by user']))).toBe('cancelled');
    // A workflow's status lists the cancel among its steps' errors.
    expect(runStateOf(ended('failed', ['Cancelled by user.', 'orders: Cancelled by user.']))).toBe('cancelled');
    expect(runStateOf(ended('failed', ['Not cancelled by user at all']))).toBe('failed');
    expect(isRunActive(ended('failed', ['Cancelled by user.']))).toBe(false);
  });

  it('keeps the cancel apart from the real errors', () => {
    expect(splitCancelNote(['Cancelled by user.', 'orders: timeout'])).toEqual({ cancelNote: 'Cancelled by user.', errors: ['orders: timeout'] });
    expect(splitCancelNote(['boom'])).toEqual({ cancelNote: null, errors: ['boom'] });
  });

  it('shows values the interface does not list as they came', () => {
    expect(runStateLabel({ lifecycle: 'paused', disposition: 'none' })).toBe('paused · none');
  });

  it('names triggers in words, unknown ones as they came', () => {
    expect(['manual', 'scheduled', 'workflow', 'webhook', 'api'].map(triggerLabel)).toEqual(['Manual', 'Scheduled', 'Workflow', 'Webhook', 'api']);
  });
});
