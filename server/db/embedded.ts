import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';
import { StartupError } from '../startup-error';
import { newSecrets, readRunning, readSecrets, removeRunning, writeRunning, type DatabaseSecrets } from './embedded-files';
import { DATABASE, handOverToServiceRole, provisionServiceRole, SERVICE_ROLE } from './embedded-roles';
import { canReach, postgresPrograms, type RunAs, SYSTEM_DIR } from './postgres-binaries';
import { initCluster, lockHolder, type RunningCluster, startCluster, stopPostmaster } from './postgres-cluster';

export interface EmbeddedDatabase {
  /** The service role's address (never the superuser's). */
  url: string;
  stop: () => Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolvePort(port);
      });
    });
  });
}

/** Before random passwords, the service connected as this superuser with this password. */
const LEGACY = { superuser: 'flowdeck', password: 'flowdeck' };

const clusterLink = (dataDir: string) => join(dataDir, 'postgres');

function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (error) {
    throw new StartupError(
      `The data folder ${dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'start with FLOWDECK_DATA_DIR=<a folder you can write>',
    );
  }
}

/**
 * The folder of the database cluster: `<data dir>/postgres`. As root, Postgres runs as the
 * `postgres` user; when that user cannot enter the data folder (a clone in root's private home),
 * the cluster lives in SYSTEM_DIR instead and `<data dir>/postgres` is a link to it.
 */
async function clusterFolder(dataDir: string): Promise<string> {
  const link = clusterLink(dataDir);
  const existing = lstatSync(link, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) return resolve(dataDir, readlinkSync(link));
  const { runAs } = await postgresPrograms();
  if (!runAs || postgresCanEnter(dataDir, runAs)) return existing ? realpathSync(link) : link;
  if (existing) {
    throw new StartupError(
      `Postgres runs as the "postgres" user, which cannot enter ${dataDir}, where its database is`,
      'let other users enter the folders above it (chmod o+x <folder>), or run Flowdeck as a regular user',
    );
  }
  const home = join(SYSTEM_DIR, 'databases', randomBytes(8).toString('hex'));
  try {
    mkdirSync(home, { recursive: true, mode: 0o700 });
    chmodSync(dirname(home), 0o755);
    chownSync(home, runAs.uid, runAs.gid);
    symlinkSync(join(home, 'postgres'), link);
  } catch (error) {
    throw new StartupError(
      `Postgres runs as the "postgres" user, which cannot enter ${dataDir}, and a folder for the database in ${SYSTEM_DIR} cannot be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'start with FLOWDECK_DATA_DIR=<a folder other users can enter>, or run Flowdeck as a regular user',
    );
  }
  return join(home, 'postgres');
}

/** Lets the postgres user enter the data folder (not read it) when it can reach the folder above. */
function postgresCanEnter(dataDir: string, runAs: RunAs): boolean {
  if (!canReach(dirname(dataDir), runAs)) return false;
  chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  return canReach(dataDir, runAs);
}

/**
 * A Postgres still running on this cluster is either another Flowdeck's (its parent is the process
 * that wrote postgres-running.json: refused) or left behind by one that died (its parent is gone,
 * and it was handed to another: stopped here by its process id, so this start can go on).
 */
async function takeOver(dir: string, dataDir: string, logger: Logger): Promise<void> {
  // Earlier versions started Postgres on the unresolved path.
  const holder = lockHolder(dir, [dir, clusterLink(dataDir)]);
  const lockFile = join(dir, 'postmaster.pid');
  if (holder.kind === 'none') return;
  if (holder.kind === 'reused') {
    // Postgres would refuse to start while the id in its stale lock file is alive (after a reboot, say).
    rmSync(lockFile, { force: true });
    return;
  }
  if (holder.kind === 'unknown') {
    throw new StartupError(
      `${lockFile} names process ${String(holder.pid)}, a Postgres that does not run on this folder`,
      `if no Postgres uses ${dir}, delete ${lockFile}`,
    );
  }
  const running = readRunning(dataDir);
  // Without postgres-running.json (a version before it): an orphan has been handed to process 1.
  const ownerIsAlive = running ? running.pid === holder.ppid : holder.ppid !== 1;
  if (ownerIsAlive) {
    throw new StartupError(
      `The data folder ${dataDir} is in use by another Flowdeck (process ${String(holder.ppid)}; its Postgres is process ${String(holder.pid)})`,
      'stop that one first, or start this one with FLOWDECK_DATA_DIR=<another folder>',
    );
  }
  logger.warn({ pid: holder.pid }, 'stopping the Postgres that a stopped Flowdeck left running on this data folder');
  let stopped: boolean;
  try {
    stopped = await stopPostmaster(holder.pid);
  } catch (error) {
    throw new StartupError(
      `The Postgres a stopped Flowdeck left running on ${dataDir} (process ${String(holder.pid)}) cannot be stopped (${(error as NodeJS.ErrnoException).code ?? ''})`,
      `stop it as its owner: kill ${String(holder.pid)}`,
    );
  }
  if (!stopped)
    throw new StartupError(
      `The Postgres a stopped Flowdeck left running on ${dataDir} (process ${String(holder.pid)}) did not stop`,
      `kill -9 ${String(holder.pid)}`,
    );
}

const isAuthFailure = (error: unknown) => (error as { code?: unknown }).code === '28P01';

async function adminClient(port: number, user: string, password: string, database: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Signs in as the superuser; a database from before random passwords gets its new one here. */
async function superuserClient(port: number, secrets: DatabaseSecrets, dataDir: string): Promise<pg.Client> {
  try {
    return await adminClient(port, secrets.superuser, secrets.superuserPassword, 'postgres');
  } catch (error) {
    if (!isAuthFailure(error) || secrets.superuser !== LEGACY.superuser) throw cannotSignIn(dataDir, error);
  }
  const client = await adminClient(port, LEGACY.superuser, LEGACY.password, 'postgres').catch((error: unknown) => {
    throw cannotSignIn(dataDir, error);
  });
  await client.query(`ALTER ROLE ${client.escapeIdentifier(LEGACY.superuser)} PASSWORD ${client.escapeLiteral(secrets.superuserPassword)}`);
  return client;
}

const cannotSignIn = (dataDir: string, error: unknown) =>
  new StartupError(
    `Cannot sign in to the embedded database of ${dataDir} (${(error as Error).message}): its postgres-secrets.json is missing or belongs to another database`,
    `put back the postgres-secrets.json that was made with it, or move ${clusterLink(dataDir)} away to start with an empty database`,
  );

/** Makes the service role what embedded-roles.ts says, whatever this database's age. */
async function provision(port: number, secrets: DatabaseSecrets, dataDir: string): Promise<void> {
  const admin = await superuserClient(port, secrets, dataDir);
  try {
    await provisionServiceRole(admin, secrets.servicePassword);
  } finally {
    await admin.end();
  }
  const onDatabase = await adminClient(port, secrets.superuser, secrets.superuserPassword, DATABASE);
  try {
    await handOverToServiceRole(onDatabase);
  } finally {
    await onDatabase.end();
  }
}

/**
 * Starts (creating it on first use) the Postgres of this data folder and returns the service
 * role's address. A Postgres left running by a crashed Flowdeck is stopped first; a data folder
 * from before random passwords is upgraded in place (new passwords, the service role, its objects).
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  prepareDataDir(dataDir);
  const dir = await clusterFolder(dataDir);
  const onLog = (line: string) => {
    logger.trace({ postgres: line }, 'postgres');
  };
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (!fresh) await takeOver(dir, dataDir, logger);
  const secrets = fresh ? newSecrets(dataDir, 'postgres') : (readSecrets(dataDir) ?? newSecrets(dataDir, LEGACY.superuser));
  if (fresh) await initCluster(dir, { name: secrets.superuser, password: secrets.superuserPassword }, onLog);
  // The old address file held the superuser's fixed password.
  rmSync(join(dataDir, 'postgres.url'), { force: true });

  const port = await freePort();
  const url = `postgres://${SERVICE_ROLE}:${secrets.servicePassword}@127.0.0.1:${String(port)}/${DATABASE}`;
  writeRunning(dataDir, { url, pid: process.pid });
  let cluster: RunningCluster | null = null;
  try {
    cluster = await startCluster(dir, { port, onLog });
    await provision(port, secrets, dataDir);
  } catch (error) {
    await cluster?.stop();
    removeRunning(dataDir);
    throw error;
  }
  logger.info({ port, databaseDir: dir, firstStart: fresh }, 'embedded postgres started');
  const running = cluster;
  return {
    url,
    stop: async () => {
      await running.stop();
      removeRunning(dataDir);
    },
  };
}

/** The embedded database's address while a process runs it on this data folder, if one does. */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const running = readRunning(dataDir);
  if (!running) return null;
  const link = clusterLink(dataDir);
  let dir: string;
  try {
    dir = realpathSync(link);
  } catch {
    return null;
  }
  return lockHolder(dir, [dir, link]).kind === 'serving' ? running.url : null;
}
