import { Cron } from 'croner';
import { DEFAULT_TIME_ZONE } from '@/api/run-policy';
import type { FRESHNESS_STATES } from '@/api/freshness';
import { FREQUENCY_MS, type Schedule } from './schedule';

// Freshness: whether a flow's (or workflow's) data is as recent as its schedule promises. One rule for
// the service (the `freshness` field, late alerts) and the mock service; docs/freshness.md writes it down.
//
// In order, the first that applies:
// - Paused: the flow is paused (a workflow disabled): its schedule is off, whatever its runs did.
// - Failing: the newest finished run failed (a run the user cancelled is not a failure and is passed over).
// - Never run: no run at all, unless a schedule was due since the flow was created (then Late).
// - Manual: no schedule, so nothing is ever late.
// - Late: the next scheduled time after the newest run's start (or after creation, never run) plus a
//   grace period is past, and no run has started since. A run in progress is never late (On time, or
//   Manual without a schedule).
// - On time: otherwise.
// Grace: a fifth of the schedule's interval, at least 5 minutes (a 15-minute flow 5 minutes late, a daily
// one 4.8 hours late), so a slow queue or a clock a little off does not flag a run as late.

export type FreshnessState = (typeof FRESHNESS_STATES)[number];

export const MIN_GRACE_MS = 5 * 60_000;
export const GRACE_FRACTION = 0.2;

export interface FreshnessInput {
  schedule: Schedule;
  /** A paused flow or a disabled workflow. */
  paused: boolean;
  /** When the newest run (of any trigger) started, and whether it is still in progress; null: never run. */
  latest: { startedAt: number; running: boolean } | null;
  /** The newest finished run that was not cancelled by the user, or null when there is none. */
  lastOutcome: 'succeeded' | 'failed' | null;
  /** When the flow was created: a scheduled flow that never ran is late from its first due time after it. */
  createdAt: number;
  now: number;
}

export interface Freshness {
  state: FreshnessState;
  /** Late: the scheduled time the run was due at (one lateness is one due time, so an alert fires once for it). */
  dueAt: number | null;
}

/** Cron jobs by expression, and due times by expression and start: reading an expression is not free, and a list asks for many. */
const MEMO_LIMIT = 20_000;
const cronJobs = new Map<string, Cron>();
const cronDue = new Map<string, { dueAt: number; intervalMs: number } | null>();

function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  // Oldest first out: a Map keeps insertion order.
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as K);
  memo.set(key, value);
  return value;
}

/** A cron is read in its schedule's zone (src/service-rules/schedule.ts), so the zone is part of the key. */
function cronJob(expression: string, timeZone: string): Cron {
  const key = `${expression}\n${timeZone}`;
  return cronJobs.get(key) ?? remember(cronJobs, key, new Cron(expression, { timezone: timeZone, paused: true }));
}

function cronNextDue(expression: string, timeZone: string, from: number): { dueAt: number; intervalMs: number } | null {
  const key = `${expression}\n${timeZone}\n${String(from)}`;
  if (cronDue.has(key)) return cronDue.get(key) ?? null;
  const [first, second] = cronJob(expression, timeZone).nextRuns(2, new Date(from));
  const due = first ? { dueAt: first.getTime(), intervalMs: second ? second.getTime() - first.getTime() : MIN_GRACE_MS / GRACE_FRACTION } : null;
  return remember(cronDue, key, due);
}

/** The scheduled time after `from` and the interval to the one after it; null without a schedule. */
export function nextDue(schedule: Schedule, from: number): { dueAt: number; intervalMs: number } | null {
  const cron = schedule.cron?.trim();
  if (cron) return cronNextDue(cron, schedule.timeZone ?? DEFAULT_TIME_ZONE, from);
  const interval = schedule.frequency ? FREQUENCY_MS[schedule.frequency] : undefined;
  return interval === undefined ? null : { dueAt: from + interval, intervalMs: interval };
}

export const graceMs = (intervalMs: number) => Math.max(MIN_GRACE_MS, intervalMs * GRACE_FRACTION);

export function freshnessOf(input: FreshnessInput): Freshness {
  const { schedule, latest, now } = input;
  const is = (state: FreshnessState): Freshness => ({ state, dueAt: null });
  if (input.paused) return is('paused');
  if (input.lastOutcome === 'failed') return is('failing');
  const due = nextDue(schedule, latest?.startedAt ?? input.createdAt);
  // A run in progress is never late; a flow without a schedule stays Manual while it runs.
  if (latest?.running) return is(due ? 'on_time' : 'manual');
  if (due && now > due.dueAt + graceMs(due.intervalMs)) return { state: 'late', dueAt: due.dueAt };
  if (!latest) return is('never_run');
  return is(due ? 'on_time' : 'manual');
}
