import type { Pool } from '../db/pool';
import type { LoadCounts } from '../store/attempts';
import { saveProgress } from '../store/attempts';

// A running attempt's counts, saved at least every PROGRESS_MS (a heartbeat saves them while a batch
// is slow to come). A save that finds the attempt ended (cancelled through the API, possibly on
// another instance) stops the run, as does the job's own signal (a cancel on this instance, a stop).
// Saves go one after another, and so does the record of a commit (`inTurn`): a heartbeat's older
// counts can never land after a commit's.

const PROGRESS_MS = 250;

/** Thrown inside a run once it must stop: the runner rolls back what is in hand and ends as cancelled. */
export class Cancelled extends Error {}

export class RunProgress {
  private readonly local = new AbortController();
  private lastSave = 0;
  private turn: Promise<unknown> = Promise.resolve();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly stop = () => {
    this.local.abort();
  };

  constructor(
    private readonly db: Pool,
    private readonly attemptId: number,
    private readonly counts: LoadCounts[],
    private readonly jobSignal: AbortSignal,
  ) {
    jobSignal.addEventListener('abort', this.stop, { once: true });
    this.heartbeat = setInterval(() => {
      void this.checkpoint().catch(() => undefined);
    }, PROGRESS_MS);
  }

  /** Aborts once the run must stop: readers take it, so a slow source stops too. */
  get signal(): AbortSignal {
    return this.local.signal;
  }

  throwIfCancelled(): void {
    if (this.local.signal.aborted) throw new Cancelled();
  }

  /** Saves the counts when PROGRESS_MS have passed since the last save (or now, when forced); throws Cancelled once the run must stop. */
  async checkpoint(force = false): Promise<void> {
    if (!force && Date.now() - this.lastSave < PROGRESS_MS) return;
    this.lastSave = Date.now();
    if (!(await this.inTurn(() => saveProgress(this.db, this.attemptId, this.counts)))) {
      this.local.abort();
    }
    this.throwIfCancelled();
  }

  /** Runs `work` after every save begun before it, and before any begun after. */
  inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn.then(work, work);
    this.turn = done.catch(() => undefined);
    return done;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.jobSignal.removeEventListener('abort', this.stop);
  }
}
