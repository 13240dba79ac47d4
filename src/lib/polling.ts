/**
 * One polling policy for every live view (PRODUCT.md: beat the peers' 10–15 s staleness without loading
 * the backend). Pure, so it is tested with plain numbers and used by React Query's refetchInterval.
 */
export const FAST_POLL_MS = 2_000;
export const IDLE_POLL_MS = 30_000;
/**
 * The heartbeat (the runs of the last minute, read on every page) polls this often when idle, so a run started
 * elsewhere shows within it; it refreshes what a run changes (resources/follow-runs.ts).
 */
export const HEARTBEAT_POLL_MS = 10_000;
/** While the heartbeat answers, an idle view is refreshed by it, and polls itself only this rarely, as a safety net. */
export const COVERED_IDLE_POLL_MS = 300_000;
/** After a Run or Cancel click the view stays fast this long, so the change shows up at once. */
export const BOOST_MS = 2 * 60_000;
/** A slow service is not asked more often than every 4 request durations. */
export const SLOWNESS_FACTOR = 4;
export const MAX_BACKOFF_MS = 5 * 60_000;

export interface PollState {
  /** Something on screen is running (an attempt, a workflow, discovery). */
  active: boolean;
  /** Until when a recent user action keeps polling fast (epoch ms), or null. */
  boostedUntil: number | null;
  now: number;
  /** How long the last request took, in ms; null before the first one. */
  lastDurationMs: number | null;
  /** Failed refreshes in a row since the last success. */
  consecutiveErrors: number;
  /** The tab is hidden: nobody is looking, so nothing is fetched. */
  hidden: boolean;
  /** How often to poll when nothing moves (default IDLE_POLL_MS). */
  idleMs?: number;
}

/** Milliseconds until the next refresh, or false to pause. */
export function nextPollInterval(state: PollState): number | false {
  if (state.hidden) return false;
  const boosted = state.boostedUntil !== null && state.now < state.boostedUntil;
  const base = state.active || boosted ? FAST_POLL_MS : (state.idleMs ?? IDLE_POLL_MS);
  const slownessFloor = (state.lastDurationMs ?? 0) * SLOWNESS_FACTOR;
  const backoff = state.consecutiveErrors > 0 ? Math.min(MAX_BACKOFF_MS, base * 2 ** state.consecutiveErrors) : base;
  return Math.round(Math.max(backoff, slownessFloor));
}
