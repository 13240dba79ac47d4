import { mkdtempSync, chmodSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../db/embedded';
import { initCluster, type RunningCluster, startCluster } from '../db/postgres-cluster';
import { isAlive, processInfo, waitUntil } from '../db/processes';

// A Postgres of a fault test's own, which the test kills, freezes and restarts without hurting the
// others (global-setup.ts's servers are shared). Restarted on the same port and folder, as a service
// manager would restart a crashed database. Commits are synchronous: a crash loses nothing committed
// (fsync is off: only the machine's own crash would).

export interface FaultyPostgres {
  /** Superuser URL of its `postgres` maintenance database. */
  url: string;
  /** Crashes it: an immediate shutdown, every session cut, no checkpoint. */
  kill: () => Promise<void>;
  /** Starts it again after `kill`. */
  restart: () => Promise<void>;
  /** SIGSTOP to it and its sessions: connections stay open and nothing answers. */
  freeze: () => void;
  thaw: () => void;
  stop: () => Promise<void>;
}

/** The server and its sessions (its children). */
function processTree(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => processInfo(child)?.ppid === pid);
  return [pid, ...children];
}

/** `port`: a fixed one (a bench given its ports), else any free one. */
export async function startFaultyPostgres(name: string, fixedPort?: number): Promise<FaultyPostgres> {
  const folder = mkdtempSync(join(tmpdir(), `flowdeck-${name}-`));
  if (process.getuid?.() === 0) chmodSync(folder, 0o755);
  const dataDir = join(folder, 'data');
  const port = fixedPort ?? (await freePort());
  await initCluster(dataDir, { name: 'flowdeck', password: 'flowdeck' });
  const start = () => startCluster(dataDir, { port, flags: ['-c', 'max_connections=100', '-c', 'fsync=off'] });
  let running: RunningCluster | null = await start();
  const signal = (name: NodeJS.Signals) => {
    if (!running) return;
    for (const pid of processTree(running.pid)) {
      try {
        process.kill(pid, name);
      } catch (error) {
        // A session that ended between listing and signalling needs no signal.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  };
  return {
    url: `postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/postgres`,
    async kill() {
      if (!running) return;
      const { pid } = running;
      process.kill(pid, 'SIGQUIT');
      await waitUntil(() => !isAlive(pid), 30_000);
      await running.stop();
      running = null;
    },
    async restart() {
      running ??= await start();
    },
    freeze: () => {
      signal('SIGSTOP');
    },
    thaw: () => {
      signal('SIGCONT');
    },
    async stop() {
      signal('SIGCONT');
      await running?.stop();
      running = null;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
