import { z } from 'zod/mini';
import type { RunStatusFilter } from '@/api/runs';
import type { RunTrigger } from '@/api/flows';
import { optionalOrDropped, searchInt, withFallback } from '@/lib/search-params';

// The Runs page's filters live in the URL, so a filtered view can be shared and survives reload; a bad value
// falls back to no filter. The lists mirror the contract's (a route file may not bring zod classic).

export const RUN_STATUS_FILTERS = ['all', 'pending', 'running', 'succeeded', 'failed'] as const satisfies readonly ('all' | RunStatusFilter)[];
export const RUN_TRIGGER_FILTERS = ['all', 'scheduled', 'manual', 'workflow', 'webhook'] as const satisfies readonly ('all' | RunTrigger)[];
/** How far back the list goes, by when a run started. */
export const RUN_RANGES = ['all', '1h', '24h', '7d', '30d'] as const;
export type RunRange = (typeof RUN_RANGES)[number];

export const RANGE_MS: Record<Exclude<RunRange, 'all'>, number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

export const runsSearchDefaults = { status: 'all', trigger: 'all', range: 'all' } as const;

export const runsSearchSchema = z.object({
  status: withFallback(z.enum(RUN_STATUS_FILTERS), runsSearchDefaults.status),
  trigger: withFallback(z.enum(RUN_TRIGGER_FILTERS), runsSearchDefaults.trigger),
  range: withFallback(z.enum(RUN_RANGES), runsSearchDefaults.range),
  flow: optionalOrDropped(searchInt(z.minimum(1))),
  workflow: optionalOrDropped(searchInt(z.minimum(1))),
});
export type RunsSearch = z.infer<typeof runsSearchSchema>;
