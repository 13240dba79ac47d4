import { describe, expect, it } from 'vitest';
import { guardProcess } from '../process-guards';
import { testLogger } from './harness';

// What reaches nobody: an error of the outside world (a full disk, a dropped connection) is logged and the
// service carries on; a programming error stops the service cleanly and exits 1 for its supervisor. The
// handlers are called directly (emitting the events would reach the test runner's own listeners too).

type Handler = (error: unknown, origin?: string) => void;
const lastListener = (event: 'uncaughtException' | 'unhandledRejection') =>
  (event === 'uncaughtException' ? process.listeners('uncaughtException') : process.listeners('unhandledRejection')).at(-1) as Handler;

describe('the process guard', () => {
  it('carries on after an operational error or an unhandled rejection', () => {
    const exits: number[] = [];
    const guard = guardProcess(testLogger(), (code) => exits.push(code));
    let stopped = false;
    guard.onFatal(() => {
      stopped = true;
      return Promise.resolve();
    });
    try {
      lastListener('uncaughtException')(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 'uncaughtException');
      lastListener('uncaughtException')(new Error('Connection terminated unexpectedly'), 'uncaughtException');
      lastListener('unhandledRejection')(new TypeError('not a function'));
      expect(stopped).toBe(false);
      expect(exits).toEqual([]);
    } finally {
      guard.remove();
    }
  });

  it('stops the service and exits 1 after a programming error', async () => {
    const exits: number[] = [];
    const guard = guardProcess(testLogger(), (code) => exits.push(code));
    let stops = 0;
    guard.onFatal(() => {
      stops += 1;
      return Promise.resolve();
    });
    try {
      lastListener('uncaughtException')(new TypeError('undefined is not a function'), 'uncaughtException');
      lastListener('uncaughtException')(new TypeError('again'), 'uncaughtException');
      await new Promise((resolveWait) => setTimeout(resolveWait, 10));
      expect(stops).toBe(1);
      expect(exits).toEqual([1]);
    } finally {
      guard.remove();
    }
  });
});
