import { z } from 'zod';

/** limit/offset in the URL: a bad value falls back to the default instead of an error screen. */
export const listSearchSchema = z.object({
  offset: z.coerce.number().int().min(0).catch(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).catch(25).default(25),
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
  q: z.string().catch(endpointListSearchDefaults.q).default(endpointListSearchDefaults.q),
  sort: z.enum(ENDPOINT_SORTS).catch(endpointListSearchDefaults.sort).default(endpointListSearchDefaults.sort),
  dir: z.enum(['asc', 'desc']).catch(endpointListSearchDefaults.dir).default(endpointListSearchDefaults.dir),
});
export type EndpointListSearch = z.infer<typeof endpointListSearchSchema>;
