import { readBounds } from '../connectors/read-bounds';

// A source that stops giving rows without failing (a server that holds its connection open, a query
// that never returns) would hold its run, and its flow ("already running"), for ever. Each batch must
// come within the stall bound (FLOWDECK_STALL_TIMEOUT, read-bounds.ts) of the run asking for it; past
// that the read is aborted and the resource fails with a message that says so.

export class Stalled extends Error {}

export const stalledMessage = (ms: number) => `Stalled: the source gave no rows for ${String(Math.round(ms / 1000))} s, so the run stopped waiting.`;

/** The batches `open` gives, each within `stallMs`; `signal` still aborts the whole read. */
export async function* withinStallBound<T>(
  open: (signal: AbortSignal) => AsyncIterable<T>,
  signal: AbortSignal,
  stallMs = readBounds().stallMs,
): AsyncGenerator<T> {
  const controller = new AbortController();
  const forward = () => {
    controller.abort(signal.reason);
  };
  signal.addEventListener('abort', forward, { once: true });
  const iterator = open(AbortSignal.any([signal, controller.signal]))[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  let stalled = false;
  try {
    for (;;) {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new Stalled(stalledMessage(stallMs)));
        }, stallMs);
      });
      const pending = iterator.next();
      // Once stalled, this read fails later (aborted) with nobody waiting for it.
      pending.catch(() => undefined);
      const next = await Promise.race([pending, deadline]);
      clearTimeout(timer);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } catch (error) {
    stalled = error instanceof Stalled;
    if (stalled) controller.abort(error);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
    // Left early (cancelled, failed, stalled): the source closes what it holds. A stalled one is told
    // to, not waited for: it may not honour its signal.
    if (!done) {
      const closing = iterator.return?.().catch(() => undefined);
      if (!stalled) await closing;
    }
  }
}
