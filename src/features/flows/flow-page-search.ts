import { z } from 'zod/mini';
import { MAX_ATTEMPTS_LIMIT } from '@/api/schema-free-values';
import { optionalOrDropped, searchInt, withFallback } from '@/lib/search-params';

export const ATTEMPT_PAGE_SIZES = [10, 25, 50, 100, 250, 1000] as const;

export const flowPageSearchDefaults = { limit: 25, offset: 0, order: 'DESC' } as const;

/** The attempts table's page and the open attempt live in the URL; a bad value falls back, never errors. */
export const flowPageSearchSchema = z.object({
  limit: withFallback(searchInt(z.minimum(1), z.maximum(MAX_ATTEMPTS_LIMIT)), flowPageSearchDefaults.limit),
  offset: withFallback(searchInt(z.minimum(0)), flowPageSearchDefaults.offset),
  order: withFallback(z.enum(['ASC', 'DESC']), flowPageSearchDefaults.order),
  attempt: optionalOrDropped(searchInt(z.positive())),
});
export type FlowPageSearch = z.infer<typeof flowPageSearchSchema>;
