// Who an API key stands for (its plan and role), remembered for a few seconds: without it every /v2 request costs a
// database round trip before its own work (a third of the statements of a flows page). The bound that
// matters is revocation: a key revoked (or moved to another plan or role, or past its expiry) is answered as before
// for at most KEY_CACHE_MS, in every instance, since nothing is told of the change. Only keys that
// were found are remembered, so unknown keys (a guesser) always reach the database and cannot fill
// the memory; the entries are keyed by the key's hash, never the key itself.

/** How long a found key is trusted without asking the database again: the revocation bound. */
export const KEY_CACHE_MS = 5_000;
/** More live keys than this in a few seconds is not expected; the oldest entry then makes room. */
const MAX_ENTRIES = 10_000;

export interface KeyCache<T> {
  /** The holder of a key found lately, while it is fresh; undefined when it must be looked up. */
  remembered: (keyHash: string) => Promise<T | null> | undefined;
  /** The holder of the key with this hash, from memory while it is fresh, else from `lookUp`. */
  holderOf: (keyHash: string, lookUp: () => Promise<T | null>) => Promise<T | null>;
  /** Forgets one entry: a change made here (a session ended) is seen at once here, in others within the bound. */
  forget: (keyHash: string) => void;
  /** Forgets every entry (people, keys or sessions changed here). */
  clear: () => void;
}

export function createKeyCache<T>(ttlMs = KEY_CACHE_MS, now: () => number = Date.now): KeyCache<T> {
  // The promise is remembered, not its value, so the 50 requests that find an entry expired together
  // share one lookup.
  const entries = new Map<string, { holder: Promise<T | null>; until: number }>();
  const forget = (keyHash: string, holder: Promise<T | null>) => {
    if (entries.get(keyHash)?.holder === holder) entries.delete(keyHash);
  };
  return {
    remembered(keyHash) {
      const entry = entries.get(keyHash);
      return entry && entry.until > now() ? entry.holder : undefined;
    },
    holderOf(keyHash, lookUp) {
      const entry = entries.get(keyHash);
      if (entry && entry.until > now()) return entry.holder;
      entries.delete(keyHash);
      const holder = lookUp();
      // A Map keeps insertion order, so the first key is the oldest.
      const oldest = entries.keys().next();
      if (entries.size >= MAX_ENTRIES && !oldest.done) entries.delete(oldest.value);
      entries.set(keyHash, { holder, until: now() + ttlMs });
      holder.then(
        (found) => {
          if (found === null) forget(keyHash, holder);
        },
        () => {
          forget(keyHash, holder);
        },
      );
      return holder;
    },
    forget(keyHash) {
      entries.delete(keyHash);
    },
    clear() {
      entries.clear();
    },
  };
}
