import { z } from 'zod';

export const RUNS_PAGE_SIZE = 10;

export const workflowPageSearchDefaults = { view: 'graph', runs: 0 } as const;

/** The definition's view (graph or raw JSON) and the runs page live in the URL; a bad value falls back, never errors. */
export const workflowPageSearchSchema = z.object({
  view: z.enum(['graph', 'json']).default(workflowPageSearchDefaults.view).catch(workflowPageSearchDefaults.view),
  runs: z.coerce.number().int().min(0).default(workflowPageSearchDefaults.runs).catch(workflowPageSearchDefaults.runs),
});
export type WorkflowPageSearch = z.infer<typeof workflowPageSearchSchema>;
