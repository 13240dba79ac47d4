import { randomInt } from 'node:crypto';
import pg from 'pg';
import { INSTANCE_LOCK_CLASS } from '../db/advisory-locks';

// Each service instance holds a Postgres advisory lock for as long as it lives, on a connection of
// its own. When an instance dies, Postgres drops its connection and the lock with it, so any
// instance can tell, from pg_locks alone, which running attempts have lost their runner.

export interface Instance {
  key: number;
  release: () => Promise<void>;
}

export async function registerInstance(connectionString: string): Promise<Instance> {
  const key = randomInt(1, 2 ** 31 - 1);
  const client = new pg.Client({ connectionString });
  await client.connect();
  // A process that dies has its connections closed by its kernel at once; a machine that is lost
  // (power, network) is noticed by these keepalives: within about 25 s rather than the 2 hours of
  // the system defaults.
  await client.query('SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3');
  await client.query('SELECT pg_advisory_lock($1, $2)', [INSTANCE_LOCK_CLASS, key]);
  // A broken connection means the lock is gone; the process keeps running and its runs will be
  // recovered by another instance (or by this one's next start).
  client.on('error', () => undefined);
  return { key, release: () => client.end() };
}

/** Advisory locks belong to a database; pg_locks lists those of every database of the server. */
export const THIS_DATABASE = '(SELECT oid FROM pg_database WHERE datname = current_database())';

/** SQL condition: the instance in `column` no longer holds its lock. */
export const instanceIsGone = (column: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.database = ${THIS_DATABASE} AND l.classid = ${String(INSTANCE_LOCK_CLASS)}::oid AND l.objid = ${column}::oid AND l.objsubid = 2 AND l.granted)`;
