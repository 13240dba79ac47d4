import { z } from 'zod/mini';
import { searchInt, withFallback } from './search-params';

/** limit/offset in the URL: a bad value falls back to the default instead of an error screen. */
export const listSearchSchema = z.object({
  offset: withFallback(searchInt(z.minimum(0)), 0),
  limit: withFallback(searchInt(z.minimum(1), z.maximum(100)), 25),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

export const ENDPOINT_SORTS = ['name', 'spec', 'usedBy', 'updated'] as const;
export type EndpointSort = (typeof ENDPOINT_SORTS)[number];

export const endpointListSearchDefaults = { q: '', sort: 'name', dir: 'asc', offset: 0, limit: 25 } as const;

/**
 * The sources and destinations lists: search, sort and page in the URL, so a view can be shared and
 * survives reload; every field falls back to its default.
 */
export const endpointListSearchSchema = z.extend(listSearchSchema, {
  q: withFallback(z.string(), endpointListSearchDefaults.q),
  sort: withFallback(z.enum(ENDPOINT_SORTS), endpointListSearchDefaults.sort),
  dir: withFallback(z.enum(['asc', 'desc']), endpointListSearchDefaults.dir),
});
export type EndpointListSearch = z.infer<typeof endpointListSearchSchema>;
