import { type ChildProcess, type ChildProcessByStdio, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { serviceNodeArgs } from '../service-command';

// The service as `npm start` runs it, in a child process, so a test can kill it like a crash would.

export interface ChildService {
  url: string;
  process: ChildProcess;
  /** What it printed, for failure messages. */
  output: () => string;
  /** SIGKILL: no shutdown code runs, as in a crash or power loss. */
  kill: () => Promise<void>;
  /** SIGTERM, as a service manager stops it: it stops its runs and its embedded Postgres. */
  stop: () => Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** Variables set to undefined are removed from the child's environment. */
export type ChildEnv = Record<string, string | undefined>;

/** `node`: the service's own process, with the script's flags. `npm`: `npm run server` itself, as a service manager may run it. */
export type Launcher = 'node' | 'npm';

function spawnService(env: ChildEnv, launcher: Launcher = 'node'): ChildProcessByStdio<null, Readable, Readable> {
  const merged: Record<string, string | undefined> = { ...process.env, PORT: '0', FLOWDECK_STATIC_DIR: '', FLOWDECK_DEMO: '0', LOG_LEVEL: 'warn', ...env };
  const childEnv = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const [command, args] = launcher === 'npm' ? ['npm', ['run', '-s', 'server']] : [process.execPath, serviceNodeArgs()];
  return spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function startChildService(env: ChildEnv, launcher: Launcher = 'node'): Promise<ChildService> {
  const child = spawnService(env, launcher);
  let output = '';
  const exited = new Promise<void>((resolveExit) =>
    child.once('exit', () => {
      resolveExit();
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The service did not start in time:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Flowdeck is running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveStart({
          url: match[1],
          process: child,
          output: () => output,
          kill: async () => {
            if (running()) child.kill('SIGKILL');
            await exited;
          },
          stop: async () => {
            if (running()) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The service exited (${String(code)}) before it started:\n${output}`));
    });
  });
}

/** Starts the service expecting it to give up: its exit code and everything it printed. */
export function runChildServiceToExit(env: ChildEnv, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = spawnService(env);
  let output = '';
  // A service that starts after all is stopped, so the test fails on its output rather than hangs.
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Flowdeck is running')) child.kill('SIGTERM');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const timer = setTimeout(() => {
    child.kill('SIGTERM');
  }, timeoutMs);
  return new Promise((resolveExit) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveExit({ code, output });
    });
  });
}
