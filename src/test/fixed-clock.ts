import { afterEach, beforeEach, vi } from 'vitest';
import { mockService } from './server';

/**
 * Each test of the file runs with Date at `iso` (then moving on in real time) and the mock service seeded
 * at that moment: for what depends on the time of day, such as the freshness of cron flows.
 */
export function withFixedClock(iso: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(iso));
    mockService.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
