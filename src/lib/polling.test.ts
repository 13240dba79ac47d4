import { describe, expect, it } from 'vitest';
import {
  BOOST_MS,
  COVERED_IDLE_POLL_MS,
  FAST_POLL_MS,
  HEARTBEAT_MIN_GAP_MS,
  HEARTBEAT_POLL_MS,
  IDLE_POLL_MS,
  MAX_BACKOFF_MS,
  nextHeartbeatInterval,
  nextPollInterval,
  type PollState,
} from './polling';

const idle: PollState = { active: false, boostedUntil: null, now: 1_000_000, lastDurationMs: 100, consecutiveErrors: 0, hidden: false };

describe('nextPollInterval', () => {
  it('polls about every 2 s while something runs and every 30 s when idle', () => {
    expect(nextPollInterval({ ...idle, active: true })).toBe(FAST_POLL_MS);
    expect(nextPollInterval(idle)).toBe(IDLE_POLL_MS);
  });

  it('stays fast for 2 minutes after a Run or Cancel click, then slows down', () => {
    const clickedAt = idle.now;
    const boosted = { ...idle, boostedUntil: clickedAt + BOOST_MS };
    expect(nextPollInterval({ ...boosted, now: clickedAt + 1_000 })).toBe(FAST_POLL_MS);
    expect(nextPollInterval({ ...boosted, now: clickedAt + BOOST_MS - 1 })).toBe(FAST_POLL_MS);
    expect(nextPollInterval({ ...boosted, now: clickedAt + BOOST_MS })).toBe(IDLE_POLL_MS);
  });

  it('polls an idle view at its own idle pace (the heartbeat faster, a view it covers rarely), fast while running', () => {
    expect(nextPollInterval({ ...idle, idleMs: COVERED_IDLE_POLL_MS })).toBe(COVERED_IDLE_POLL_MS);
    expect(nextPollInterval({ ...idle, active: true, idleMs: COVERED_IDLE_POLL_MS })).toBe(FAST_POLL_MS);
  });

  it('pauses while the tab is hidden, even while something runs', () => {
    expect(nextPollInterval({ ...idle, active: true, hidden: true })).toBe(false);
  });

  it('never asks more often than 4 times the last request duration', () => {
    expect(nextPollInterval({ ...idle, active: true, lastDurationMs: 1_500 })).toBe(6_000);
    expect(nextPollInterval({ ...idle, lastDurationMs: 10_000 })).toBe(40_000);
  });

  it('backs off exponentially on consecutive errors, up to 5 minutes', () => {
    const running = { ...idle, active: true };
    expect(nextPollInterval({ ...running, consecutiveErrors: 1 })).toBe(4_000);
    expect(nextPollInterval({ ...running, consecutiveErrors: 3 })).toBe(16_000);
    expect(nextPollInterval({ ...running, consecutiveErrors: 20 })).toBe(MAX_BACKOFF_MS);
  });
});

describe('nextHeartbeatInterval', () => {
  it('follows a read the service held at once, and paces reads it answered at once', () => {
    expect(nextHeartbeatInterval({ hidden: false, lastDurationMs: 20_000, consecutiveErrors: 0 })).toBe(HEARTBEAT_MIN_GAP_MS);
    expect(nextHeartbeatInterval({ hidden: false, lastDurationMs: 40, consecutiveErrors: 0 })).toBe(HEARTBEAT_POLL_MS - 40);
  });

  it('pauses while hidden and backs off on errors', () => {
    expect(nextHeartbeatInterval({ hidden: true, lastDurationMs: 40, consecutiveErrors: 0 })).toBe(false);
    expect(nextHeartbeatInterval({ hidden: false, lastDurationMs: 40, consecutiveErrors: 2 })).toBe(HEARTBEAT_POLL_MS * 4);
  });
});
