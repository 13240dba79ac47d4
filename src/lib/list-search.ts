import { z } from 'zod';

/** limit/offset in the URL: a bad value falls back to the default instead of an error screen. */
export const listSearchSchema = z.object({
  offset: z.coerce.number().int().min(0).catch(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).catch(25).default(25),
});
export type ListSearch = z.infer<typeof listSearchSchema>;
