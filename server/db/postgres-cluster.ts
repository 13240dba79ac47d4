import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StartupError } from '../startup-error';
import { type Binaries, postgresPrograms, type RunAs } from './postgres-binaries';
import { isAlive, processInfo, waitUntil } from './processes';

// One Postgres database cluster in a folder: created with initdb, started as a child process (ready
// when its postmaster.pid says so), stopped by its process id. Messages are kept in English (the
// last one is what a failure shows), and Postgres listens on 127.0.0.1 only, without a Unix socket.

export interface Superuser {
  name: string;
  password: string;
}

export interface RunningCluster {
  pid: number;
  stop: () => Promise<void>;
}

const ENV = { ...process.env, LC_MESSAGES: 'C' };
const START_TIMEOUT_MS = 60_000;

/** The last few lines a program printed, to name the cause when it fails. */
function lastLines(child: ChildProcess, onLog: (line: string) => void) {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk
      .toString()
      .split('\n')
      .map((text) => text.trim())
      .filter(Boolean)) {
      onLog(line);
      lines.push(line);
      if (lines.length > 20) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  /** The most telling line: the last FATAL or ERROR, else the last one. */
  return () => [...lines].reverse().find((line) => /\b(FATAL|ERROR|PANIC)\b|^initdb: error/.test(line)) ?? lines.at(-1) ?? '';
}

// Not detached: whatever stops the service's process group (Ctrl+C, a test runner, a service
// manager) stops Postgres too; only the service's own process dying alone leaves it behind, and the
// next start takes care of that (embedded.ts).
function spawnAs(program: string, args: string[], runAs: RunAs | null): ChildProcess {
  return spawn(program, args, { env: ENV, stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ?? {}) });
}

const cannotRun = (program: string, error: NodeJS.ErrnoException, runAs: RunAs | null) =>
  new StartupError(
    `Cannot run ${program} (${error.code ?? error.message})${runAs ? ' as the "postgres" user' : ''}`,
    'run npm install again, or set DATABASE_URL to a Postgres of your own',
  );

/** Creates a new cluster in `dir` (absent or empty) whose superuser has this password. */
export async function initCluster(dir: string, superuser: Superuser, onLog: (line: string) => void = () => undefined): Promise<void> {
  const { binaries, runAs } = await postgresPrograms();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  // initdb wants an empty folder, so the password file sits beside it, readable by its user only.
  const passwordFile = join(dirname(dir), `.initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${superuser.password}\n`, { mode: 0o600 });
  if (runAs) chownSync(passwordFile, runAs.uid, runAs.gid);
  try {
    const child = spawnAs(
      binaries.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${superuser.name}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Independent of the machine's installed locales.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      runAs,
    );
    const cause = lastLines(child, onLog);
    await new Promise<void>((resolveInit, reject) => {
      child.once('error', (error) => {
        reject(cannotRun(binaries.initdb, error, runAs));
      });
      child.once('close', (code) => {
        if (code === 0) resolveInit();
        else
          reject(
            new StartupError(`Creating the database in ${dir} failed: ${cause()}`, `make sure the folder can be written, or move ${dir} away and start again`),
          );
      });
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

export interface Postmaster {
  pid: number;
  dataDir: string;
  port: number;
  status: string;
}

/** What the cluster's postmaster.pid says (the running server's id, folder, port and state). */
export function readPostmaster(dir: string): Postmaster | null {
  let text: string;
  try {
    text = readFileSync(join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 ? { pid, dataDir: lines[1] ?? '', port: Number(lines[3]), status: (lines[7] ?? '').trim() } : null;
}

/**
 * Who holds the cluster's postmaster.pid: nobody (no file, or its process is gone: Postgres itself
 * deals with that), a Postgres serving this folder (`-D` one of `names`), a live process that is no
 * Postgres (a reused id: the file is stale), or a Postgres that does not say it serves this folder.
 */
export type LockHolder = { kind: 'none' } | { kind: 'serving'; pid: number; ppid: number } | { kind: 'reused'; pid: number } | { kind: 'unknown'; pid: number };

export function lockHolder(dir: string, names: string[] = [dir]): LockHolder {
  const postmaster = readPostmaster(dir);
  const info = postmaster ? processInfo(postmaster.pid) : null;
  if (!postmaster || !info) return { kind: 'none' };
  if (info.name !== 'postgres') return { kind: 'reused', pid: postmaster.pid };
  const serves = names.some((name) => `${info.command} `.includes(` -D ${name} `));
  return serves ? { kind: 'serving', pid: postmaster.pid, ppid: info.ppid } : { kind: 'unknown', pid: postmaster.pid };
}

/**
 * Stops the Postgres with this id: a fast shutdown (sessions end, their transactions roll back),
 * then an immediate one if it has not stopped within 30 s. False if it is still running.
 */
export async function stopPostmaster(pid: number): Promise<boolean> {
  for (const [signal, timeoutMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      throw error;
    }
    if (await waitUntil(() => !isAlive(pid), timeoutMs)) return true;
  }
  return false;
}

export interface StartOptions {
  port: number;
  /** More `-c name=value` settings. */
  flags?: string[];
  onLog?: (line: string) => void;
}

/** Starts the cluster in `dir` and resolves once it accepts connections. */
export async function startCluster(dir: string, options: StartOptions): Promise<RunningCluster> {
  const { binaries, runAs } = await postgresPrograms();
  const child = spawnAs(
    binaries.postgres,
    ['-D', dir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...(options.flags ?? [])],
    runAs,
  );
  const cause = lastLines(child, options.onLog ?? (() => undefined));
  const exited = new Promise<void>((resolveExit) =>
    child.once('close', () => {
      resolveExit();
    }),
  );
  const spawned: { error?: NodeJS.ErrnoException } = {};
  // Kept for the process's life: a failed kill is reported as an 'error' event too.
  child.on('error', (error) => {
    spawned.error ??= error;
  });
  const ready = await waitUntil(() => {
    if (spawned.error || child.exitCode !== null || child.signalCode !== null) return true;
    const postmaster = readPostmaster(dir);
    return postmaster !== null && postmaster.pid === child.pid && postmaster.status === 'ready';
  }, START_TIMEOUT_MS);
  if (spawned.error) throw cannotRun(binaries.postgres, spawned.error, runAs);
  if (!ready || child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    child.kill('SIGQUIT');
    await exited;
    throw startFailure(dir, binaries, cause() || (ready ? 'it stopped' : `it was not ready after ${String(START_TIMEOUT_MS / 1000)} s`));
  }
  const pid = child.pid;
  return {
    pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

function startFailure(dir: string, binaries: Binaries, cause: string): StartupError {
  if (/incompatible with server|PG_VERSION/.test(cause)) {
    return new StartupError(
      `The database in ${dir} was made by another Postgres version than ${binaries.postgres} (${cause})`,
      `start the Flowdeck version that made it, or move ${dir} away to start with an empty database`,
    );
  }
  return new StartupError(
    `The embedded Postgres in ${dir} did not start: ${cause}`,
    `correct what the message names, or move ${dir} away to start with an empty database`,
  );
}
