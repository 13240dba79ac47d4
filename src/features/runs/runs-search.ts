import { z } from 'zod';
import type { RunStatusFilter } from '@/api/runs';
import type { RunTrigger } from '@/api/flows';
import type { RunsFilter } from '@/resources/runs';

// The Runs page's filters live in the URL, so a filtered view can be shared and survives reload; a bad value
// falls back to no filter.

export const RUN_STATUS_FILTERS = ['all', 'pending', 'running', 'succeeded', 'failed'] as const satisfies readonly ('all' | RunStatusFilter)[];
export const RUN_TRIGGER_FILTERS = ['all', 'scheduled', 'manual', 'workflow', 'webhook'] as const satisfies readonly ('all' | RunTrigger)[];
/** How far back the list goes, by when a run started. */
export const RUN_RANGES = ['all', '1h', '24h', '7d', '30d'] as const;
export type RunRange = (typeof RUN_RANGES)[number];

export const RANGE_MS: Record<Exclude<RunRange, 'all'>, number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** Newest first (the default) or oldest first, by when a run started. */
export const RUN_SORTS = ['newest', 'oldest'] as const;
export type RunSort = (typeof RUN_SORTS)[number];

export const runsSearchDefaults = { status: 'all', trigger: 'all', range: 'all', sort: 'newest' } as const;

export const runsSearchSchema = z.object({
  status: z.enum(RUN_STATUS_FILTERS).default(runsSearchDefaults.status).catch(runsSearchDefaults.status),
  trigger: z.enum(RUN_TRIGGER_FILTERS).default(runsSearchDefaults.trigger).catch(runsSearchDefaults.trigger),
  range: z.enum(RUN_RANGES).default(runsSearchDefaults.range).catch(runsSearchDefaults.range),
  flow: z.coerce.number().int().positive().optional().catch(undefined),
  workflow: z.coerce.number().int().positive().optional().catch(undefined),
  sort: z.enum(RUN_SORTS).default(runsSearchDefaults.sort).catch(runsSearchDefaults.sort),
});
export type RunsSearch = z.infer<typeof runsSearchSchema>;

/** What the list asks the service for, from the URL's search. */
export function runsFilterOf(search: RunsSearch): RunsFilter {
  return {
    ...(search.status === 'all' ? {} : { status: search.status }),
    ...(search.trigger === 'all' ? {} : { trigger: search.trigger }),
    ...(search.flow === undefined ? {} : { flow: search.flow }),
    ...(search.workflow === undefined ? {} : { workflow: search.workflow }),
    ...(search.range === 'all' ? {} : { rangeMs: RANGE_MS[search.range] }),
    ...(search.sort === 'oldest' ? { order: 'asc' } : {}),
  };
}
