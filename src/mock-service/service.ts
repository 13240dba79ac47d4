import type { HttpHandler } from 'msw';
import { MockDb, type MockDbOptions } from './db';
import { type Failure, FailureRegistry } from './failures';
import { buildHandlers } from './handlers';
import type { OperationName } from './operations';
import type { RecordedCall } from './route';

export interface MockServiceOptions extends MockDbOptions {
  /** Delay added to every answer (the demo uses it to make loading states visible). */
  latencyMs?: number;
}

export interface MockService {
  db: MockDb;
  handlers: HttpHandler[];
  /** Every request the handlers saw, oldest first (cleared by reset). */
  calls: RecordedCall[];
  /** The next call of `operation` answers with `failure` (queued; each used once). */
  failNext(operation: OperationName, failure?: Failure): void;
  /** Every call of `operation` answers with `failure` until reset or clearFailures. */
  fail(operation: OperationName, failure?: Failure): void;
  clearFailures(operation?: OperationName): void;
  /** A freshly seeded db, no failures, empty call log. */
  reset(): void;
}

/** The whole stateful mock: one db, its handlers and the failure switches, for msw's node server or browser worker. */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const db = new MockDb(options);
  const failures = new FailureRegistry();
  const calls: RecordedCall[] = [];
  const handlers = buildHandlers({ db, failures, calls, latencyMs: options.latencyMs ?? 0 });
  return {
    db,
    handlers,
    calls,
    failNext: (operation, failure) => {
      failures.failNext(operation, failure);
    },
    fail: (operation, failure) => {
      failures.fail(operation, failure);
    },
    clearFailures: (operation) => {
      failures.clear(operation);
    },
    reset: () => {
      db.reset();
      failures.clear();
      calls.length = 0;
    },
  };
}
