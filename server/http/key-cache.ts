// Which plan an API key has, remembered for a few seconds: without it every /v2 request costs a
// database round trip before its own work (a third of the statements of a flows page). The bound that
// matters is revocation: a key deleted from api_keys (or moved to another plan) is answered as before
// for at most KEY_CACHE_MS, in every instance, since nothing is told of the change. Only keys that
// were found are remembered, so unknown keys (a guesser) always reach the database and cannot fill
// the memory; the entries are keyed by the key's hash, never the key itself.

/** How long a found key is trusted without asking the database again: the revocation bound. */
export const KEY_CACHE_MS = 5_000;
/** More live keys than this in a few seconds is not expected; the oldest entry then makes room. */
const MAX_ENTRIES = 10_000;

export interface KeyCache {
  /** The plan of a key found lately, while it is fresh; undefined when it must be looked up. */
  remembered: (keyHash: string) => Promise<string | null> | undefined;
  /** The plan of the key with this hash, from memory while it is fresh, else from `lookUp`. */
  planOf: (keyHash: string, lookUp: () => Promise<string | null>) => Promise<string | null>;
}

export function createKeyCache(ttlMs = KEY_CACHE_MS, now: () => number = Date.now): KeyCache {
  // The promise is remembered, not its value, so the 50 requests that find an entry expired together
  // share one lookup.
  const entries = new Map<string, { plan: Promise<string | null>; until: number }>();
  const forget = (keyHash: string, plan: Promise<string | null>) => {
    if (entries.get(keyHash)?.plan === plan) entries.delete(keyHash);
  };
  return {
    remembered(keyHash) {
      const entry = entries.get(keyHash);
      return entry && entry.until > now() ? entry.plan : undefined;
    },
    planOf(keyHash, lookUp) {
      const entry = entries.get(keyHash);
      if (entry && entry.until > now()) return entry.plan;
      entries.delete(keyHash);
      const plan = lookUp();
      // A Map keeps insertion order, so the first key is the oldest.
      const oldest = entries.keys().next();
      if (entries.size >= MAX_ENTRIES && !oldest.done) entries.delete(oldest.value);
      entries.set(keyHash, { plan, until: now() + ttlMs });
      plan.then(
        (found) => {
          if (found === null) forget(keyHash, plan);
        },
        () => {
          forget(keyHash, plan);
        },
      );
      return plan;
    },
  };
}
