import { z } from 'zod';

// A search field takes its default when absent (`.default`) and when unreadable (`.catch`): a hand-edited URL never shows
// an error screen.

/** limit/offset in the URL: a bad value falls back to the default instead of an error screen. */
export const listSearchSchema = z.object({
  offset: z.coerce.number().int().min(0).default(0).catch(0),
  limit: z.coerce.number().int().min(1).max(100).default(25).catch(25),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

export const ENDPOINT_SORTS = ['name', 'spec', 'usedBy', 'updated'] as const;
export type EndpointSort = (typeof ENDPOINT_SORTS)[number];

export const endpointListSearchDefaults = { q: '', sort: 'name', dir: 'asc', offset: 0, limit: 25 } as const;

/**
 * The sources and destinations lists: search, sort and page in the URL, so a view can be shared and
 * survives reload; every field falls back to its default.
 */
export const endpointListSearchSchema = listSearchSchema.extend({
  q: z.string().default(endpointListSearchDefaults.q).catch(endpointListSearchDefaults.q),
  sort: z.enum(ENDPOINT_SORTS).default(endpointListSearchDefaults.sort).catch(endpointListSearchDefaults.sort),
  dir: z.enum(['asc', 'desc']).default(endpointListSearchDefaults.dir).catch(endpointListSearchDefaults.dir),
});
export type EndpointListSearch = z.infer<typeof endpointListSearchSchema>;
