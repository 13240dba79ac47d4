import type { Flow } from '@/api/flows';
import type { RunSpan } from '@/api/timeline';
import type { Workflow } from '@/api/workflows';
import { flowName } from '@/lib/flow-name';
import { type Schedule, scheduleOf } from '@/lib/schedule';

// The timeline's rows and geometry, kept apart from drawing so the rules are plain functions.

export interface TimelineRow {
  key: string;
  kind: 'flow' | 'workflow';
  id: number;
  name: string;
  /** What makes its scheduled runs; none while paused or disabled. */
  schedule: Schedule;
  /** The service's next due time (null: none); the ticks start there. */
  nextRunAt: string | null;
  /** The zone its cron is read in. */
  timeZone: string;
  /** Its runs in the window, oldest first. */
  spans: RunSpan[];
}

/** One row per flow, then one per workflow, in the lists' order; every run lands on its owner's row. */
export function timelineRows(flows: readonly Flow[], workflows: readonly Workflow[], spans: readonly RunSpan[]): TimelineRow[] {
  const byOwner = new Map<string, RunSpan[]>();
  for (const span of spans) {
    const key = `${span.kind}-${String(span.owner)}`;
    const list = byOwner.get(key);
    if (list) list.push(span);
    else byOwner.set(key, [span]);
  }
  const none: Schedule = { kind: 'none' };
  return [
    ...flows.map((flow): TimelineRow => {
      const key = `flow-${String(flow.id)}`;
      return {
        key,
        kind: 'flow',
        id: flow.id,
        name: flowName(flow),
        schedule: flow.paused ? none : scheduleOf(flow),
        nextRunAt: flow.nextRunAt,
        timeZone: flow.timeZone,
        spans: byOwner.get(key) ?? [],
      };
    }),
    ...workflows.map((workflow): TimelineRow => {
      const key = `workflow-${String(workflow.id)}`;
      return {
        key,
        kind: 'workflow',
        id: workflow.id,
        name: workflow.name,
        schedule: workflow.enabled ? scheduleOf(workflow) : none,
        nextRunAt: workflow.nextRunAt,
        timeZone: workflow.timeZone,
        spans: byOwner.get(key) ?? [],
      };
    }),
  ];
}

/** The time the timeline shows: the chosen window back from now, and a quarter of it ahead for the scheduled runs. */
export interface Axis {
  start: number;
  now: number;
  end: number;
}

export const AHEAD_SHARE = 0.25;

export function axisAt(now: number, windowMs: number): Axis {
  return { start: now - windowMs, now, end: now + windowMs * AHEAD_SHARE };
}

/** Where a time sits on the axis, in percent of the track (clamped to it). */
export function percentAt(axis: Axis, time: number): number {
  return Math.min(100, Math.max(0, ((time - axis.start) / (axis.end - axis.start)) * 100));
}

/** A run's bar: from its start to its end, or to now while it runs (so it grows); in percent of the track. */
export function barOf(span: RunSpan, axis: Axis): { left: number; width: number } {
  const start = Date.parse(span.createdAt);
  const end = span.completedAt ? Date.parse(span.completedAt) : axis.now;
  const left = percentAt(axis, start);
  return { left, width: Math.max(0, percentAt(axis, end) - left) };
}
