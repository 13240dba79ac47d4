import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// What the operating system says about a process, by its id: enough to tell a live Postgres from a
// finished one whose id was reused, and who its parent is. /proc on Linux, `ps` elsewhere.

export interface ProcessInfo {
  /** The parent's process id: an orphan's parent is no longer the process that started it. */
  ppid: number;
  /** The program's path as it was started. */
  program: string;
  /** Exited but not yet reaped by its parent: as good as gone. */
  zombie: boolean;
}

function fromProc(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
  const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let program = '';
  try {
    program = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    // A zombie has no command line left.
  }
  return { ppid: Number(ppid), program, zombie: state === 'Z' || state === 'X' };
}

let procChecked: boolean | null = null;
function readableProc(): boolean {
  if (procChecked === null) {
    try {
      readFileSync('/proc/self/stat');
      procChecked = true;
    } catch {
      procChecked = false;
    }
  }
  return procChecked;
}

function fromPs(pid: number): ProcessInfo | null {
  const result = spawnSync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)], { encoding: 'utf8' });
  const match = /^\s*(\d+)\s+(\S+)\s+(\S*)/.exec(result.stdout || '');
  if (!match) return null;
  return { ppid: Number(match[1]), program: match[3] ?? '', zombie: (match[2] ?? '').startsWith('Z') };
}

/** The process with this id, or null when there is none (or only its zombie). */
export function processInfo(pid: number): ProcessInfo | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const info = readableProc() ? fromProc(pid) : fromPs(pid);
  return info && !info.zombie ? info : null;
}

export const isAlive = (pid: number) => processInfo(pid) !== null;

/** Waits until `gone()` holds, checking every 100 ms; false when `timeoutMs` passed first. */
export async function waitUntil(gone: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!gone()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return true;
}
