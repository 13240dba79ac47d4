import { EXCLUSIVE_DESTINATION_LOCK_CLASS } from '../db/advisory-locks';
import type { Pool } from '../db/pool';
import { setWaitingFor } from '../store/attempts';

// One writer at a time per DuckDB file, across every instance on the service's database: a load holds a
// session advisory lock named after the file from before its writer opens until after it commits or
// aborts, on a connection of its own (two loads in one process hold two connections, so they take turns
// too). The lock is polled rather than waited for, so a cancelled run stops waiting at once; meanwhile
// the attempt says what it waits for (`waitingFor`).

const POLL_MS = 200;

export interface ExclusiveWait {
  db: Pool;
  attemptId: number;
  /** What the attempt shows while it waits. */
  waitingFor: string;
  /** Throws once the run must stop (a cancel). */
  throwIfCancelled: () => void;
  /** Told once, when the load has to wait. */
  onWait: () => void;
}

const sleep = (ms: number) =>
  new Promise<void>((resolveSleep) => {
    setTimeout(resolveSleep, ms);
  });

/** Takes the lock of `key` (null: nothing to take), waiting as long as another load has it; the function that lets it go. */
export async function holdExclusive(key: string | null, wait: ExclusiveWait): Promise<() => Promise<void>> {
  if (key === null) return () => Promise.resolve();
  const client = await wait.db.connect();
  const lockArgs = [EXCLUSIVE_DESTINATION_LOCK_CLASS, key];
  let waited = false;
  try {
    for (;;) {
      const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken', lockArgs);
      if (rows[0]?.taken) break;
      if (!waited) {
        waited = true;
        wait.onWait();
        await setWaitingFor(wait.db, wait.attemptId, wait.waitingFor);
      }
      await sleep(POLL_MS);
      wait.throwIfCancelled();
    }
  } catch (error) {
    client.release();
    if (waited) await setWaitingFor(wait.db, wait.attemptId, null).catch(() => undefined);
    throw error;
  }
  // Should this save fail, the attempt's end clears it.
  if (waited) await setWaitingFor(wait.db, wait.attemptId, null).catch(() => undefined);
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', lockArgs);
      client.release();
    } catch (error) {
      // A connection that cannot say unlock is closed: closing lets the lock go.
      client.release(error as Error);
    }
  };
}
