// Concurrency limits (issue 31): how many runs execute at once, service-wide (FLOWDECK_MAX_RUNS) and per
// destination (`maxConcurrentRuns`, null: no limit of its own). A run that must wait is queued and keeps its
// place: runs start in the order they were queued, and a run held back only by its own destination's limit
// does not hold back runs into other destinations. The service and the mock both decide by this rule.

/** A run waiting for a slot, in queue order. */
export interface QueuedRun {
  id: number;
  destination: { id: number; name: string; limit: number | null };
}

/** The runs executing now: in all, and per destination id. */
export interface RunSlots {
  serviceLimit: number;
  running: number;
  runningByDestination: ReadonlyMap<number, number>;
}

export interface QueueDecision {
  /** The runs that may start now, in queue order. */
  admit: number[];
  /** What each run left waiting waits for (`runsAheadWaiting`). */
  waiting: Map<number, string>;
}

/**
 * Whether an attempt waits instead of moving rows: queued for a run slot (`pending`), or running but held by
 * another load into its destination (it says what it waits for). The dashboard's run states and a workflow
 * step's state both read it here.
 */
export function isAttemptWaiting(attempt: { lifecycle: string; waitingFor?: string | null | undefined }): boolean {
  return attempt.lifecycle === 'pending' || (attempt.lifecycle === 'running' && Boolean(attempt.waitingFor));
}

/** What a queued run says it waits for: `2 runs ahead for “Warehouse”`, `1 run ahead for the service limit`. */
export function runsAheadWaiting(ahead: number, destinationName: string | null): string {
  const what = destinationName === null ? 'the service limit' : `“${destinationName}”`;
  return `${String(ahead)} ${ahead === 1 ? 'run' : 'runs'} ahead for ${what}`;
}

/**
 * Which queued runs start now, and why each other one waits. "Runs ahead" are the runs that must end (or
 * start) before this one can: those executing past the limit's last free slot, and those queued before it
 * for the same limit. When both limits hold a run back, it names the one with more runs ahead.
 */
export function decideQueue(queue: readonly QueuedRun[], slots: RunSlots): QueueDecision {
  let running = slots.running;
  const byDestination = new Map(slots.runningByDestination);
  let queuedAhead = 0;
  const queuedAheadFor = new Map<number, number>();
  const admit: number[] = [];
  const waiting = new Map<number, string>();
  for (const run of queue) {
    const { id: destinationId, name, limit } = run.destination;
    const intoDestination = byDestination.get(destinationId) ?? 0;
    const destinationFull = limit !== null && intoDestination >= limit;
    const serviceFull = running >= slots.serviceLimit;
    if (!destinationFull && !serviceFull) {
      admit.push(run.id);
      running += 1;
      byDestination.set(destinationId, intoDestination + 1);
      continue;
    }
    const aheadForDestination = limit === null ? 0 : intoDestination + (queuedAheadFor.get(destinationId) ?? 0) - limit + 1;
    const aheadForService = running + queuedAhead - slots.serviceLimit + 1;
    const byDestinationLimit = destinationFull && (!serviceFull || aheadForDestination >= aheadForService);
    waiting.set(run.id, byDestinationLimit ? runsAheadWaiting(aheadForDestination, name) : runsAheadWaiting(Math.max(1, aheadForService), null));
    queuedAhead += 1;
    queuedAheadFor.set(destinationId, (queuedAheadFor.get(destinationId) ?? 0) + 1);
  }
  return { admit, waiting };
}
