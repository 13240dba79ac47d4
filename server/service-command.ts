import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// `npm run server` (which `npm start` runs) is the one place the service's Node flags are written. Whatever starts
// the service in a child process (the tests that kill it, the benches that measure it) takes them from there, so
// what is measured is what runs.

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The arguments `npm run server` gives `node`, e.g. `['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts']`.
 * The script starts with `exec` so that Node replaces the shell npm runs it in: a SIGTERM npm passes on then reaches
 * the service, which stops its runs and its embedded Postgres, instead of a shell that dies and leaves it running.
 */
export function serviceNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string | undefined> };
  const [shellExec, program, ...args] = (scripts.server ?? '').trim().split(/\s+/);
  if (shellExec !== 'exec' || program !== 'node' || args.length === 0) {
    throw new Error(`package.json's "server" script should be "exec node …"; it is "${scripts.server ?? ''}"`);
  }
  return args;
}
