import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

// What the operating system says about a process, by its id: enough to tell a live Postgres from a
// finished one whose id was reused, which folder it serves, and who its parent is. /proc on Linux,
// `ps` elsewhere.

export interface ProcessInfo {
  /** The parent's process id: an orphan's parent is no longer the process that started it. */
  ppid: number;
  /** The program's name ("postgres"), whatever its path. */
  name: string;
  /** Its command line, arguments separated by spaces. */
  command: string;
}

function fromProc(pid: number): (ProcessInfo & { zombie: boolean }) | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (name) state ppid ...": the name may hold spaces and parentheses, so cut at the last ")".
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let command = '';
  try {
    command = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .join(' ');
  } catch {
    // A zombie has no command line left.
  }
  return { ppid: Number(ppid), name, command, zombie: state === 'Z' || state === 'X' };
}

function fromPs(pid: number): (ProcessInfo & { zombie: boolean }) | null {
  const line = (flag: string) => spawnSync('ps', ['-o', flag, '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  const [ppid, state] = line('ppid=,stat=').split(/\s+/);
  if (!ppid) return null;
  return { ppid: Number(ppid), name: basename(line('comm=')), command: line('command='), zombie: (state ?? '').startsWith('Z') };
}

let procReadable: boolean | null = null;

/** The process with this id, or null when there is none (or only its zombie, which is as good as gone). */
export function processInfo(pid: number): ProcessInfo | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (procReadable === null) {
    try {
      readFileSync('/proc/self/stat');
      procReadable = true;
    } catch {
      procReadable = false;
    }
  }
  const info = procReadable ? fromProc(pid) : fromPs(pid);
  return info && !info.zombie ? { ppid: info.ppid, name: info.name, command: info.command } : null;
}

export const isAlive = (pid: number) => processInfo(pid) !== null;

/** Waits until `done()` holds, checking every 100 ms; false when `timeoutMs` passed first. */
export async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return true;
}
