import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

// The service as `npm start` runs it, in a child process, so a test can kill it like a crash would.

export interface ChildService {
  url: string;
  process: ChildProcess;
  /** What it printed, for failure messages. */
  output: () => string;
  /** SIGKILL: no shutdown code runs, as in a crash or power loss. */
  kill: () => Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export function startChildService(env: Record<string, string>): Promise<ChildService> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', FLOWDECK_STATIC_DIR: '', FLOWDECK_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => { resolveExit(); }));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`The service did not start in time:\n${output}`)); }, 60_000);
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
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
