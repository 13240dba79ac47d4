import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

// One transaction around a request's change, without threading a client through every store: inside
// `inRequestTransaction(pool, work)`, the pool's `query` goes to that transaction's connection, and `connect()`
// hands back the same connection with its BEGIN, COMMIT and ROLLBACK turned into a savepoint's (the stores
// open transactions of their own). The audit hook (server/audit/record.ts) writes its entry on it before
// COMMIT, so a change and its audit entry are kept or lost together.
//
// The transaction begins at the request's first write: reads before it (finding a card, streaming an
// upload to disk) hold no connection. Once begun, a request holds exactly one connection and never asks
// the pool for a second, so concurrent requests cannot exhaust the pool by waiting on each other.

interface Scope {
  pool: pg.Pool;
  client: pg.PoolClient | null;
  beginning: Promise<pg.PoolClient> | null;
  ended: boolean;
  /** Nested clients take turns: each one's savepoint is released before the next one's is made. */
  turn: Promise<void>;
  savepoints: number;
  afterCommit: (() => Promise<void> | void)[];
}

const storage = new AsyncLocalStorage<Scope>();
const rawQuery = Symbol('rawQuery');
const rawConnect = Symbol('rawConnect');

type RoutedPool = pg.Pool & { [rawQuery]: pg.Pool['query']; [rawConnect]: () => Promise<pg.PoolClient> };

/** The open transaction of `pool` in this request, if any. */
function scopeOf(pool: pg.Pool): Scope | null {
  const scope = storage.getStore();
  return scope?.pool === pool && !scope.ended ? scope : null;
}

/** A statement that reads only: it may run before the transaction begins. */
function readsOnly(text: string): boolean {
  return /^\s*SELECT\b/i.test(text) && !/\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE|KEY\s+SHARE)\b/i.test(text) && !/pg_advisory|nextval|set_config/i.test(text);
}

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  const text = typeof first === 'object' && first !== null ? (first as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : '';
}

async function begin(scope: Scope): Promise<pg.PoolClient> {
  scope.beginning ??= (async () => {
    const client = await (scope.pool as RoutedPool)[rawConnect]();
    try {
      await client.query('BEGIN');
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    scope.client = client;
    return client;
  })();
  return scope.beginning;
}

/** The transaction's connection as a store's own transaction sees it: BEGIN, COMMIT and ROLLBACK act on a savepoint. */
async function nestedClient(scope: Scope): Promise<pg.PoolClient> {
  const client = await begin(scope);
  let done!: () => void;
  const previous = scope.turn;
  scope.turn = new Promise((resolve) => (done = resolve));
  await previous;
  scope.savepoints += 1;
  const name = `store_${String(scope.savepoints)}`;
  let open = false;
  let released = false;
  const statement = async (text: string): Promise<pg.QueryResult> => {
    if (/^\s*BEGIN\b/i.test(text)) {
      open = true;
      return client.query(`SAVEPOINT ${name}`);
    }
    if (/^\s*(COMMIT|END)\s*;?\s*$/i.test(text)) {
      open = false;
      return client.query(`RELEASE SAVEPOINT ${name}`);
    }
    if (/^\s*ROLLBACK\s*;?\s*$/i.test(text)) {
      open = false;
      return client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    }
    return client.query(text);
  };
  const nested = {
    query: (...args: unknown[]) => {
      if (released || scope.ended) return Promise.reject(new Error('This connection was released.'));
      if (args.length === 1 && typeof args[0] === 'string') return statement(args[0]);
      return (client.query as (...rest: unknown[]) => unknown)(...args);
    },
    release: () => {
      if (released) return;
      released = true;
      // A store that gave up without its ROLLBACK leaves nothing behind.
      const undo = open && !scope.ended ? client.query(`ROLLBACK TO SAVEPOINT ${name}`).then(() => undefined) : Promise.resolve();
      void undo.catch(() => undefined).finally(done);
    },
  };
  return nested as unknown as pg.PoolClient;
}

/** Makes `pool` route its queries and connections to the request's transaction while one is open (createPool calls it). */
export function routeThroughTransactions(pool: pg.Pool): pg.Pool {
  const routed = pool as RoutedPool;
  const query: pg.Pool['query'] = pool.query.bind(pool);
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  routed[rawQuery] = query;
  routed[rawConnect] = connect;
  routed.query = ((...args: unknown[]) => {
    const scope = scopeOf(pool);
    const plain = () => (query as (...rest: unknown[]) => unknown)(...args);
    if (!scope || typeof args[args.length - 1] === 'function') return plain();
    if (!scope.client && readsOnly(textOf(args[0]))) return plain();
    return begin(scope).then((client) => (client.query as (...rest: unknown[]) => unknown)(...args));
  }) as pg.Pool['query'];
  routed.connect = ((...args: unknown[]) => {
    const scope = scopeOf(pool);
    if (!scope || args.length > 0) return (connect as (...rest: unknown[]) => unknown)(...args);
    return nestedClient(scope);
  }) as pg.Pool['connect'];
  return pool;
}

/** What the work inside a transaction may ask of it. */
export interface RequestTransaction {
  /** Begins the transaction now, so what is read next is read inside it (it begins by itself at the first write). */
  begin: () => Promise<void>;
}

/** Thrown by work to end the transaction without its change; `answer` is what inRequestTransaction returns then. */
export class RollBack<T> extends Error {
  constructor(readonly answer: T) {
    super('rolled back');
  }
}

async function end(scope: Scope, statement: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  await scope.turn;
  scope.ended = true;
  // A connection still being taken (work that failed meanwhile) is ended too, never left checked out.
  const client = scope.beginning ? await scope.beginning.catch(() => null) : null;
  if (!client) return;
  try {
    await client.query(statement);
    client.release();
  } catch (error) {
    // A connection whose transaction could not end is not handed to anyone else.
    client.release(error instanceof Error ? error : true);
    if (statement === 'COMMIT') throw error;
  }
}

/**
 * Runs `work` with the pool's queries in one transaction: committed when it returns, rolled back when it
 * throws (or throws a RollBack). Callbacks queued with `afterCommit` run once the change is committed.
 */
export async function inRequestTransaction<T>(pool: pg.Pool, work: (transaction: RequestTransaction) => Promise<T>): Promise<T> {
  if (!(rawQuery in pool)) throw new Error('The pool does not route through transactions (createPool makes one that does).');
  const scope: Scope = { pool, client: null, beginning: null, ended: false, turn: Promise.resolve(), savepoints: 0, afterCommit: [] };
  const transaction: RequestTransaction = {
    begin: async () => {
      await begin(scope);
    },
  };
  let result: T;
  try {
    result = await storage.run(scope, () => work(transaction));
  } catch (error) {
    await end(scope, 'ROLLBACK');
    if (error instanceof RollBack) return error.answer as T;
    throw error;
  }
  await end(scope, 'COMMIT');
  for (const callback of scope.afterCommit) await callback();
  return result;
}

/**
 * The open transaction of this request, for a job queue to insert its job in (pg-boss's `db` option): the
 * job is seen exactly when the change that asked for it is. `afterCommit` runs once it is committed, before
 * the request is answered (its errors are the callback's to handle: the change is made).
 */
export function openTransaction(): {
  executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
  afterCommit: (callback: () => Promise<void> | void) => void;
} | null {
  const scope = storage.getStore();
  if (!scope || scope.ended) return null;
  return {
    executeSql: async (text, values) => (await begin(scope)).query(text, values),
    afterCommit: (callback) => {
      scope.afterCommit.push(callback);
    },
  };
}
