import { z } from 'zod/mini';

// Route search schemas are in the first screen's bundle (the router validates the URL before any page
// loads), so they use zod/mini, which ships only what they use, not zod classic (about 28 KB gzip).

/** A whole number in the URL (`?offset=25`), read from its text, within the given bounds (`z.minimum(0)`). */
export function searchInt(...bounds: z.core.$ZodCheck<number>[]) {
  return z.pipe(z.coerce.number(), z.int().check(...bounds));
}

/** A search field that falls back to `fallback` when absent or invalid, so a bad URL never shows an error screen. */
export function withFallback<T extends z.ZodMiniType>(schema: T, fallback: z.core.util.NoUndefined<z.output<T>>) {
  return z._default(z.catch(schema, fallback), fallback);
}

/** An optional search field: an invalid value is dropped rather than shown as an error. */
export function optionalOrDropped<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}
