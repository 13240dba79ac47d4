import { z } from 'zod/mini';
import { FRESHNESS_STATES } from '@/api/schema-free-values';
import { withFallback } from '@/lib/search-params';

// The flows list's state lives in the URL, so a filtered, sorted view can be shared and survives reload.
// Every field falls back to its default, so a hand-edited URL never shows an error screen.

/** `paused`: flows that keep their schedule but do not run on it, whatever the schedule. */
export const SCHEDULE_FILTERS = ['all', 'frequency', 'cron', 'manual', 'paused'] as const;
export const STATUS_FILTERS = ['all', 'running', 'pending', 'failed', 'cancelled', 'succeeded', 'never'] as const;
export const FRESHNESS_FILTERS = ['all', ...FRESHNESS_STATES] as const;
export const FLOW_SORTS = ['name', 'id', 'schedule', 'source', 'destination'] as const;

export const flowsSearchDefaults = { q: '', schedule: 'all', status: 'all', freshness: 'all', sort: 'name', dir: 'asc' } as const;

export const flowsSearchSchema = z.object({
  q: withFallback(z.string(), flowsSearchDefaults.q),
  schedule: withFallback(z.enum(SCHEDULE_FILTERS), flowsSearchDefaults.schedule),
  status: withFallback(z.enum(STATUS_FILTERS), flowsSearchDefaults.status),
  freshness: withFallback(z.enum(FRESHNESS_FILTERS), flowsSearchDefaults.freshness),
  sort: withFallback(z.enum(FLOW_SORTS), flowsSearchDefaults.sort),
  dir: withFallback(z.enum(['asc', 'desc']), flowsSearchDefaults.dir),
});
export type FlowsSearch = z.infer<typeof flowsSearchSchema>;
