import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boostLiveViews, useLiveQuery } from './live-query';
import { BOOST_MS } from './polling';

// The polling policy wired into React Query, driven by fake timers: every request is counted.

interface Snapshot {
  running: boolean;
}

function setup({ running = false, durationMs = 0, fail = false }: { running?: boolean; durationMs?: number; fail?: boolean } = {}) {
  const state = { running, durationMs, fail, calls: 0 };
  const client = new QueryClient();
  const queryFn = async (): Promise<Snapshot> => {
    state.calls += 1;
    if (state.durationMs > 0) await new Promise((resolve) => setTimeout(resolve, state.durationMs));
    if (state.fail) throw new Error('Internal Server Error');
    return { running: state.running };
  };
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveQuery({ queryKey: ['test', 'status'], queryFn }, { isActive: (data: Snapshot) => data.running, scopes: ['flow:1'] }), {
    wrapper,
  });
  return { state, client, hook };
}

/** Requests made during `ms` of fake time. */
async function callsDuring(state: { calls: number }, ms: number): Promise<number> {
  const before = state.calls;
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  return state.calls - before;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  setHidden(false);
  vi.useRealTimers();
});

describe('useLiveQuery', () => {
  it('refreshes about every 2 s while something runs', async () => {
    const { state } = setup({ running: true });
    await callsDuring(state, 100); // first load
    expect(await callsDuring(state, 20_000)).toBe(10);
  });

  it('refreshes every 30 s when idle, and speeds up as soon as a run shows up', async () => {
    const { state } = setup();
    await callsDuring(state, 100);
    expect(await callsDuring(state, 60_000)).toBe(2);
    state.running = true;
    expect(await callsDuring(state, 30_000)).toBe(1); // the poll that sees the run...
    expect(await callsDuring(state, 10_000)).toBe(5); // ...and from then on every 2 s
  });

  it('stays fast for 2 minutes after a Run or Cancel click, then slows down', async () => {
    const { state, client, hook } = setup();
    await callsDuring(state, 100);
    await act(async () => {
      boostLiveViews(client, ['flow:1']);
      await hook.result.current.refetch();
    });
    expect(await callsDuring(state, 20_000)).toBe(10);
    await callsDuring(state, BOOST_MS);
    expect(await callsDuring(state, 60_000)).toBeLessThanOrEqual(2);
  });

  it('asks nothing while the tab is hidden, even while something runs, and catches up on return', async () => {
    const { state } = setup({ running: true });
    await callsDuring(state, 100);
    setHidden(true);
    expect(await callsDuring(state, 60_000)).toBe(0);
    setHidden(false);
    expect(await callsDuring(state, 100)).toBe(1);
    expect(await callsDuring(state, 10_000)).toBe(5);
  });

  it('never asks more often than 4 times the last request duration', async () => {
    const { state } = setup({ running: true, durationMs: 1_500 });
    await callsDuring(state, 1_600);
    // Each cycle: 1.5 s request + 6 s wait (4 × 1.5 s) instead of 2 s.
    expect(await callsDuring(state, 30_000)).toBe(4);
  });

  it('backs off on errors and keeps the last good data on screen', async () => {
    const { state, hook } = setup({ running: true });
    await callsDuring(state, 100);
    state.fail = true;
    // Failures in a row wait 4 s, 8 s, 16 s, 32 s...
    expect(await callsDuring(state, 2_000)).toBe(1);
    expect(await callsDuring(state, 4_000)).toBe(1);
    expect(await callsDuring(state, 8_000)).toBe(1);
    expect(await callsDuring(state, 15_000)).toBe(0);
    expect(hook.result.current.data).toEqual({ running: true });
    expect(hook.result.current.error?.message).toBe('Internal Server Error');
    state.fail = false;
    expect(await callsDuring(state, 2_000)).toBe(1);
    expect(await callsDuring(state, 10_000)).toBe(5);
    expect(hook.result.current.error).toBeNull();
  });
});
