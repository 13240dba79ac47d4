import { z } from 'zod';
import { MAX_ATTEMPTS_LIMIT } from '@/api/flows';

export const ATTEMPT_PAGE_SIZES = [10, 25, 50, 100, 250, 1000] as const;

export const flowPageSearchDefaults = { limit: 25, offset: 0, order: 'DESC' } as const;

/** The attempts table's page and the open attempt live in the URL; a bad value falls back, never errors. */
export const flowPageSearchSchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ATTEMPTS_LIMIT).default(flowPageSearchDefaults.limit).catch(flowPageSearchDefaults.limit),
  offset: z.coerce.number().int().min(0).default(flowPageSearchDefaults.offset).catch(flowPageSearchDefaults.offset),
  order: z.enum(['ASC', 'DESC']).default(flowPageSearchDefaults.order).catch(flowPageSearchDefaults.order),
  attempt: z.coerce.number().int().positive().optional().catch(undefined),
});
export type FlowPageSearch = z.infer<typeof flowPageSearchSchema>;
