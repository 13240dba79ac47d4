import { z } from 'zod';

/** Flowdeck's list additions page with `limit` (1–1000, default 100) and `offset`, like the run-attempt list. */
export const MAX_PAGE_LIMIT = 1000;

export const pageParamsSchema = z.strictObject({
  limit: z.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  offset: z.number().int().min(0).optional(),
});
export type PageParams = z.input<typeof pageParamsSchema>;
