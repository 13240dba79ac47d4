import type pg from 'pg';

// Every Postgres advisory lock the service takes, in one place so that no two share a number. A lock is
// named either by one key (pg_advisory_lock(key)) or by a class and an id within it (pg_advisory_lock(class,
// id)); Postgres keeps the two forms apart, but the numbers here stay distinct all the same.
// Session locks (migrations, the demo seed, instances) need a session-pooling connection
// (docs/scale-out.md, "Settings every instance must share").

/** One key: instances starting together on one database take turns migrating. */
export const MIGRATION_LOCK = 7_361_042;

/** A class, with an attempt's id: writers of one attempt's log lines take turns until they commit. */
export const LOG_WRITE_LOCK_CLASS = 7_361_043;

/** One key: instances starting together on an empty database take turns; the first seeds the demo. */
export const DEMO_SEED_LOCK = 7_361_044;

/**
 * A class, with a hash of a destination's exclusive key (a DuckDB file's path): loads into one DuckDB file
 * take turns, across instances (runs/exclusive-destination.ts).
 */
export const EXCLUSIVE_DESTINATION_LOCK_CLASS = 7_361_045;

/**
 * A class, with a destination's id: saving flows of one destination takes turns, so two flows made at once
 * never pick the same namespace or both pass the check for a table the other writes.
 */
export const DESTINATION_FLOWS_LOCK_CLASS = 7_361_046;

/**
 * One key, held for a transaction: instances admit queued runs one at a time, so two never both take the
 * last free slot of a limit (runs/run-queue.ts).
 */
export const RUN_QUEUE_LOCK = 7_361_047;

/** A class, with an instance's key: each instance holds its own for as long as it lives ("FLOW"). */
export const INSTANCE_LOCK_CLASS = 0x464c4f57;

/**
 * Runs `work` holding a session lock on a connection of its own, then lets the lock go (a lost connection lets it
 * go too): instances starting together on one database take turns.
 */
export async function withSessionLock<T>(pool: pg.Pool, key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}
