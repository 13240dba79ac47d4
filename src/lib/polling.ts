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
/**
 * How long the service may hold a run-changes read while nothing changes (its own bound is 20 s). A held read
 * counts toward the heartbeat's pace: an idle page asks about three times a minute, and hears of a run within
 * a second or two of its start.
 */
export const HEARTBEAT_WAIT_SECONDS = 20;
/** The least gap between two heartbeats, however long the last one was held. */
export const HEARTBEAT_MIN_GAP_MS = 1_000;
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

/**
 * Milliseconds until the next heartbeat, or false to pause: one every HEARTBEAT_POLL_MS, the time the service
 * held the last one included (a held read is waiting, not slowness), backing off on errors.
 */
export function nextHeartbeatInterval(state: Pick<PollState, 'hidden' | 'lastDurationMs' | 'consecutiveErrors'>): number | false {
  if (state.hidden) return false;
  if (state.consecutiveErrors > 0) return Math.min(MAX_BACKOFF_MS, HEARTBEAT_POLL_MS * 2 ** state.consecutiveErrors);
  return Math.round(Math.max(HEARTBEAT_MIN_GAP_MS, HEARTBEAT_POLL_MS - (state.lastDurationMs ?? 0)));
}
