import pg from 'pg';
import { routeThroughTransactions } from './request-transaction';

// bigint counts (count(*)) as numbers: Flowdeck's counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Pool = pg.Pool;
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Bounds that keep a database outage from holding requests and runs: a new connection gives up after
 * 3 s (Postgres down or frozen), a statement after 60 s (migrations lift it), and a transaction left
 * idle for 60 s is ended by Postgres, releasing its locks. TCP keepalives notice a connection whose
 * server is gone without a word.
 */
export const POOL_BOUNDS = {
  connectionTimeoutMillis: 3_000,
  statement_timeout: 60_000,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

/** The service's pool; inside a request's audited change its queries go to that change's transaction (request-transaction.ts). */
export function createPool(connectionString: string): pg.Pool {
  return routeThroughTransactions(new pg.Pool({ connectionString, max: 20, idleTimeoutMillis: 30_000, ...POOL_BOUNDS }));
}

/** Postgres error code for a unique violation: how racing inserts learn they lost. */
export const UNIQUE_VIOLATION = '23505';

const hasCode = (error: unknown, code: string) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

export const isUniqueViolation = (error: unknown) => hasCode(error, UNIQUE_VIOLATION);

/** Postgres error code for a foreign-key violation: the row an insert names is gone. */
export const FOREIGN_KEY_VIOLATION = '23503';

export const isForeignKeyViolation = (error: unknown) => hasCode(error, FOREIGN_KEY_VIOLATION);

/** The row an INSERT/UPDATE ... RETURNING must have produced. */
export function one<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('Expected the statement to return a row.');
  return row;
}
