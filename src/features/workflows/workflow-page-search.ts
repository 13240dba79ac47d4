import { z } from 'zod/mini';
import { searchInt, withFallback } from '@/lib/search-params';

export const RUNS_PAGE_SIZE = 10;

export const workflowPageSearchDefaults = { view: 'graph', runs: 0 } as const;

/** The definition's view (graph or raw JSON) and the runs page live in the URL; a bad value falls back, never errors. */
export const workflowPageSearchSchema = z.object({
  view: withFallback(z.enum(['graph', 'json']), workflowPageSearchDefaults.view),
  runs: withFallback(searchInt(z.minimum(0)), workflowPageSearchDefaults.runs),
});
export type WorkflowPageSearch = z.infer<typeof workflowPageSearchSchema>;
