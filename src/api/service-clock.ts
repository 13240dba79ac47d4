// The service's clock, learnt from the `Date` header of its answers, so what the dashboard says about time
// ("just now", "running for 12 s", the timeline's now line) is measured against the clock that stamped the
// runs, not against a browser clock a few seconds off. No React, no DOM: the client feeds it, lib/ reads it.
//
// `Date` has a resolution of one second, so each answer bounds the offset (service minus browser) between
// what it could have been at the earliest and at the latest; the bounds of recent answers narrow it, and
// the estimate is their middle. Answers that contradict the bounds (a clock moved) start them afresh.

interface Bounds {
  low: number;
  high: number;
}

let bounds: Bounds | null = null;

/** Notes one answer's `Date` header (absent across origins without CORS exposure: then nothing is learnt). */
export function noteServiceDate(header: string | null, sentAt: number, receivedAt: number): void {
  if (!header) return;
  const stamped = Date.parse(header);
  if (Number.isNaN(stamped)) return;
  // The service wrote the header between sending and receiving, somewhere in [stamped, stamped + 1 s).
  const next = { low: stamped - receivedAt, high: stamped + 1_000 - sentAt };
  const narrowed = bounds && { low: Math.max(bounds.low, next.low), high: Math.min(bounds.high, next.high) };
  bounds = narrowed && narrowed.low <= narrowed.high ? narrowed : next;
}

/** Milliseconds to add to the browser's clock to read the service's; 0 until an answer said. */
export function serviceClockOffset(): number {
  return bounds ? Math.round((bounds.low + bounds.high) / 2) : 0;
}

/** Now on the service's clock (epoch ms). */
export function serviceNow(): number {
  return Date.now() + serviceClockOffset();
}

/** Forgets what was learnt (a new sign-in may talk to another service; tests start afresh). */
export function resetServiceClock(): void {
  bounds = null;
}
