import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// `npm run server` (which `npm start` runs) is the one place the service's Node flags are written. Whatever starts
// the service in a child process (the tests that kill it, the benches that measure it) takes them from there, so
// what is measured is what runs.

const ROOT = resolve(import.meta.dirname, '..');

/** The arguments `npm run server` gives `node`, e.g. `['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts']`. */
export function serviceNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string | undefined> };
  const [program, ...args] = (scripts.server ?? '').trim().split(/\s+/);
  if (program !== 'node' || args.length === 0) throw new Error(`package.json's "server" script should run node; it is "${scripts.server ?? ''}"`);
  return args;
}
