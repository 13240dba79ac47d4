import { randomInt } from 'node:crypto';
import pg from 'pg';
import { INSTANCE_LOCK_CLASS } from '../db/advisory-locks';

// Each service instance holds a Postgres advisory lock for as long as it lives, on a connection of
// its own. When an instance dies, Postgres drops its connection and the lock with it, so any
// instance can tell, from pg_locks alone, which running attempts have lost their runner.

export interface Instance {
  key: number;
  /** Whether this instance holds its lock right now (false while its database is away). */
  holdsLock: () => boolean;
  release: () => Promise<void>;
}

/** How soon a lost lock connection is tried again: the window in which another instance may take this one for dead. */
const RETAKE_EVERY_MS = 500;

async function lockConnection(connectionString: string, key: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    // A process that dies has its connections closed by its kernel at once; a machine that is lost
    // (power, network) is noticed by these keepalives: within about 25 s rather than the 2 hours of
    // the system defaults.
    await client.query('SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3');
    await client.query('SELECT pg_advisory_lock($1, $2)', [INSTANCE_LOCK_CLASS, key]);
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Takes this instance's lock, and takes it again whenever its connection is lost (the database restarted):
 * the process is still alive and its runs with it, so it must not look dead for longer than it takes the
 * database to come back. The same key is kept, so the runs it has claimed stay its own.
 */
export async function registerInstance(connectionString: string): Promise<Instance> {
  const key = randomInt(1, 2 ** 31 - 1);
  let client: pg.Client | null = await lockConnection(connectionString, key);
  let released = false;
  let timer: NodeJS.Timeout | undefined;
  const retake = () => {
    timer = setTimeout(() => {
      lockConnection(connectionString, key).then(
        (fresh) => {
          if (released) {
            void fresh.end().catch(() => undefined);
            return;
          }
          watch(fresh);
        },
        () => {
          if (!released) retake();
        },
      );
    }, RETAKE_EVERY_MS);
  };
  const watch = (held: pg.Client) => {
    client = held;
    held.once('end', () => {
      if (client === held) client = null;
      if (!released) retake();
    });
  };
  watch(client);
  return {
    key,
    holdsLock: () => client !== null,
    async release() {
      released = true;
      clearTimeout(timer);
      const held = client;
      client = null;
      await held?.end();
    },
  };
}

/** Advisory locks belong to a database; pg_locks lists those of every database of the server. */
export const THIS_DATABASE = '(SELECT oid FROM pg_database WHERE datname = current_database())';

/** SQL condition: the instance in `column` no longer holds its lock. */
export const instanceIsGone = (column: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.database = ${THIS_DATABASE} AND l.classid = ${String(INSTANCE_LOCK_CLASS)}::oid AND l.objid = ${column}::oid AND l.objsubid = 2 AND l.granted)`;
