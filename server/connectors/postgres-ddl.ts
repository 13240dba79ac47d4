import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ColumnType } from './types';

// Schema changes in a Postgres destination run one at a time per database: concurrent CREATE SCHEMA or
// CREATE TABLE of one name fail on the catalog's unique indexes (pg_namespace, pg_type) rather than
// wait for each other. Every load takes the same advisory lock around its DDL: in a short transaction
// of its own for what other loads share (the schema, the loads table), briefly inside its own
// transaction for its tables, and from the swap or merge to its COMMIT.

export const PG_TYPES: Record<ColumnType, string> = {
  bigint: 'BIGINT',
  double: 'DOUBLE PRECISION',
  boolean: 'BOOLEAN',
  timestamp: 'TIMESTAMPTZ',
  text: 'TEXT',
};

/** How the load judges an existing column of this type (format_type's spelling). */
export function pgColumnType(declared: string): ColumnType {
  if (/^(bigint|integer|smallint)$/.test(declared)) return 'bigint';
  if (/^(double precision|real|numeric)/.test(declared)) return 'double';
  if (declared === 'boolean') return 'boolean';
  if (declared.startsWith('timestamp') || declared === 'date') return 'timestamp';
  return 'text';
}

/** One key per destination database: every Flowdeck instance loading into it takes the same. */
const DDL_LOCK_KEY = BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update('flowdeck-ddl').digest('hex').slice(0, 16)}`)).toString();

/** Runs `work` in a transaction of its own that holds the DDL lock (the connection must be outside a transaction). */
export async function withDdlLock(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [DDL_LOCK_KEY]);
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Runs DDL inside the load's transaction under the lock, released right after: the names it creates are
 * the load's own (its staging table), so holding the lock to COMMIT would only make other loads wait.
 * When a statement fails the transaction is dead and the lock goes with the connection, which the load
 * then closes.
 */
export async function inDdlLock(client: pg.Client, statements: readonly string[]): Promise<void> {
  if (statements.length === 0) return;
  await client.query('SELECT pg_advisory_lock($1::bigint)', [DDL_LOCK_KEY]);
  for (const statement of statements) await client.query(statement);
  await client.query('SELECT pg_advisory_unlock($1::bigint)', [DDL_LOCK_KEY]);
}

/** Takes the lock until the load's transaction ends (its swap or merge, then COMMIT). */
export async function takeDdlLock(client: pg.Client): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [DDL_LOCK_KEY]);
}

const LINGER_WAIT_MS = 10_000;

/**
 * Ends the connections named `applicationName` (a load whose process died may linger in the server
 * until it notices) and waits until they are gone, so that load can no longer commit.
 */
export async function dropLingeringLoad(client: pg.Client, applicationName: string): Promise<void> {
  const deadline = Date.now() + LINGER_WAIT_MS;
  for (;;) {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()',
      [applicationName],
    );
    if (rows.length === 0) return;
    for (const { pid } of rows) await client.query('SELECT pg_terminate_backend($1)', [pid]);
    if (Date.now() > deadline) throw new Error(`A connection of the interrupted load (${applicationName}) is still open in the destination.`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}
