import { z } from 'zod';
import { FRESHNESS_STATES } from '@/api/freshness';

// The flows list's state lives in the URL, so a filtered, sorted view can be shared and survives reload.
// Every field falls back to its default, so a hand-edited URL never shows an error screen.

/** `paused`: flows that keep their schedule but do not run on it, whatever the schedule. */
export const SCHEDULE_FILTERS = ['all', 'frequency', 'cron', 'manual', 'paused'] as const;
export const STATUS_FILTERS = ['all', 'running', 'pending', 'failed', 'cancelled', 'succeeded', 'never'] as const;
export const FRESHNESS_FILTERS = ['all', ...FRESHNESS_STATES] as const;
export const FLOW_SORTS = ['name', 'id', 'schedule', 'source', 'destination'] as const;

export const flowsSearchDefaults = { q: '', schedule: 'all', status: 'all', freshness: 'all', sort: 'name', dir: 'asc' } as const;

export const flowsSearchSchema = z.object({
  q: z.string().default(flowsSearchDefaults.q).catch(flowsSearchDefaults.q),
  schedule: z.enum(SCHEDULE_FILTERS).default(flowsSearchDefaults.schedule).catch(flowsSearchDefaults.schedule),
  status: z.enum(STATUS_FILTERS).default(flowsSearchDefaults.status).catch(flowsSearchDefaults.status),
  freshness: z.enum(FRESHNESS_FILTERS).default(flowsSearchDefaults.freshness).catch(flowsSearchDefaults.freshness),
  sort: z.enum(FLOW_SORTS).default(flowsSearchDefaults.sort).catch(flowsSearchDefaults.sort),
  dir: z.enum(['asc', 'desc']).default(flowsSearchDefaults.dir).catch(flowsSearchDefaults.dir),
});
export type FlowsSearch = z.infer<typeof flowsSearchSchema>;
