import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';
import { MESSAGES } from '@/api/messages';

// Guessing a credential (an API key, a card's hash) is throttled per client address: each address may
// fail with BURST different credentials at once, then with one more every SECONDS_PER_GUESS; past that
// it is answered 429 with Retry-After, before any database lookup. Only failures count, so a caller with
// valid credentials is never slowed, and a client that repeats one wrong key (an old setting) is not
// taken for a guesser; one that shares its address with a guesser (behind one NAT) waits with it. An
// IPv6 client is counted by its /64, which one machine usually owns whole.

const BURST = 20;
const SECONDS_PER_GUESS = 3;
/** Addresses remembered at most; the one seen longest ago makes room (a flood of addresses cannot fill the memory). */
const MAX_ADDRESSES = 50_000;
/** The last failed credentials remembered per address: a repeat of one of them is no new guess. */
const RECENT_FAILURES = 8;
/** Credentials that were valid lately are looked up even from a throttled address (a guesser cannot know them). */
const TRUSTED_MS = 60 * 60_000;
const MAX_TRUSTED = 10_000;

export interface GuessThrottle {
  /** Seconds this address must wait before its next guess; 0 when it may guess now. */
  waitSeconds: (address: string) => number;
  /** Counts a failed guess of this address (`credential`: a hash of what it tried; a repeat is not counted again). */
  failed: (address: string, credential: string) => void;
  /** Notes a credential that was valid: its caller is not held back with the guessers of its address. */
  succeeded: (credential: string) => void;
  trusted: (credential: string) => boolean;
}

export function createGuessThrottle(now: () => number = Date.now, burst = BURST, secondsPerGuess = SECONDS_PER_GUESS): GuessThrottle {
  // Per address, the guesses it has left (refilled over time) as of `at`, and what it failed with last.
  const buckets = new Map<string, { left: number; at: number; recent: string[] }>();
  const trusted = new Map<string, number>();
  const current = (address: string) => {
    const bucket = buckets.get(address);
    if (!bucket) return burst;
    return Math.min(burst, bucket.left + (now() - bucket.at) / 1000 / secondsPerGuess);
  };
  return {
    waitSeconds(address) {
      const left = current(address);
      return left >= 1 ? 0 : Math.ceil((1 - left) * secondsPerGuess);
    },
    failed(address, credential) {
      const recent = buckets.get(address)?.recent ?? [];
      if (recent.includes(credential)) return;
      const left = current(address) - 1;
      buckets.delete(address);
      const oldest = buckets.keys().next();
      if (buckets.size >= MAX_ADDRESSES && !oldest.done) buckets.delete(oldest.value);
      buckets.set(address, { left, at: now(), recent: [credential, ...recent].slice(0, RECENT_FAILURES) });
    },
    succeeded(credential) {
      trusted.delete(credential);
      const oldest = trusted.keys().next();
      if (trusted.size >= MAX_TRUSTED && !oldest.done) trusted.delete(oldest.value);
      trusted.set(credential, now() + TRUSTED_MS);
    },
    trusted(credential) {
      return (trusted.get(credential) ?? 0) > now();
    },
  };
}

/** The client's address as the throttle counts it: the socket's peer (no forwarding header is trusted), an IPv6 one by its /64. */
export function clientAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return 'unknown';
  }
  if (!address || !ipaddr.isValid(address)) return address ?? 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

export const tooManyGuesses = (c: Context, seconds: number) => c.json({ message: MESSAGES.tooManyGuesses }, 429, { 'Retry-After': String(seconds) });

/** For endpoints whose credential is in the path (a card's hash): `isFailure` tells a guess that missed by the answer. */
export function throttleGuesses(throttle: GuessThrottle, isFailure: (status: number) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const address = clientAddress(c);
    const wait = throttle.waitSeconds(address);
    if (wait > 0) return tooManyGuesses(c, wait);
    await next();
    if (isFailure(c.res.status)) throttle.failed(address, c.req.path);
  };
}
