import { describe, expect, it } from 'vitest';
import { type FreshnessInput, freshnessOf } from './freshness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = Date.parse('2026-03-10T12:00:00Z');

const input = (changes: Partial<FreshnessInput>): FreshnessInput => ({
  schedule: { frequency: '1h', cron: null },
  paused: false,
  latest: { startedAt: now - 30 * MINUTE, running: false },
  lastOutcome: 'succeeded',
  createdAt: now - 10 * HOUR,
  now,
  ...changes,
});
const stateOf = (changes: Partial<FreshnessInput>) => freshnessOf(input(changes)).state;

describe('freshness', () => {
  it('is on time while the next scheduled run is not due', () => {
    expect(stateOf({})).toBe('on_time');
  });

  it('gives a frequency its interval plus a fifth of it (at least 5 minutes) before it is late', () => {
    // 1h: due 60 minutes after the last start, grace 12 minutes.
    expect(stateOf({ latest: { startedAt: now - 71 * MINUTE, running: false } })).toBe('on_time');
    expect(freshnessOf(input({ latest: { startedAt: now - 73 * MINUTE, running: false } }))).toEqual({ state: 'late', dueAt: now - 13 * MINUTE });
    // 15m: grace is the 5-minute minimum, not 3 minutes.
    const every15 = { frequency: '15m', cron: null };
    expect(stateOf({ schedule: every15, latest: { startedAt: now - 19 * MINUTE, running: false } })).toBe('on_time');
    expect(stateOf({ schedule: every15, latest: { startedAt: now - 21 * MINUTE, running: false } })).toBe('late');
  });

  it('is late when a run is due but did not start, and counts a run in progress as on time', () => {
    const overdue = { startedAt: now - 3 * HOUR, running: false };
    expect(stateOf({ latest: overdue })).toBe('late');
    expect(stateOf({ latest: { ...overdue, running: true } })).toBe('on_time');
  });

  it('reads cron in UTC, the interval being the gap between two fire times', () => {
    const daily = { frequency: null, cron: '0 6 * * *' };
    // Due at 06:00 today (last start yesterday 06:00); grace 24h/5 = 4.8 h: late after 10:48.
    const yesterday = { startedAt: Date.parse('2026-03-09T06:00:00Z'), running: false };
    expect(stateOf({ schedule: daily, latest: yesterday, now: Date.parse('2026-03-10T10:47:00Z') })).toBe('on_time');
    expect(freshnessOf(input({ schedule: daily, latest: yesterday, now: Date.parse('2026-03-10T10:49:00Z') }))).toEqual({
      state: 'late',
      dueAt: Date.parse('2026-03-10T06:00:00Z'),
    });
  });

  it('is paused whatever the runs did, and failing when the newest finished run failed', () => {
    expect(stateOf({ paused: true, lastOutcome: 'failed' })).toBe('paused');
    expect(stateOf({ paused: true, latest: { startedAt: now - 10 * HOUR, running: false } })).toBe('paused');
    expect(stateOf({ lastOutcome: 'failed' })).toBe('failing');
    // A retry in progress does not clear it: only a success does.
    expect(stateOf({ lastOutcome: 'failed', latest: { startedAt: now, running: true } })).toBe('failing');
  });

  it('is manual without a schedule, however old the last run', () => {
    expect(stateOf({ schedule: { frequency: 'manual', cron: null }, latest: { startedAt: now - 1000 * HOUR, running: false } })).toBe('manual');
    expect(stateOf({ schedule: { frequency: null, cron: null }, lastOutcome: 'failed' })).toBe('failing');
  });

  it('stays manual while a manual flow runs, its first run included (never On time)', () => {
    const manual = { frequency: 'manual', cron: null };
    expect(stateOf({ schedule: manual, latest: { startedAt: now, running: true } })).toBe('manual');
    expect(stateOf({ schedule: manual, latest: { startedAt: now, running: true }, lastOutcome: null })).toBe('manual');
  });

  it('is never run until a first scheduled run is overdue since the flow was created', () => {
    const never = { latest: null, lastOutcome: null } as const;
    expect(stateOf({ ...never, schedule: { frequency: 'manual', cron: null } })).toBe('never_run');
    expect(stateOf({ ...never, createdAt: now - 30 * MINUTE })).toBe('never_run');
    expect(stateOf({ ...never, createdAt: now - 2 * HOUR })).toBe('late');
  });
});
