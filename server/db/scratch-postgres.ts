import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './embedded';
import { initCluster, startCluster } from './postgres-cluster';

// A throwaway Postgres cluster in a temporary folder, for tests and benchmarks: durability off (its
// data lives for minutes), superuser flowdeck/flowdeck, removed when stopped. Started with the
// service's own launcher, so as root it also works from a clone in a private folder.

export interface ScratchPostgres {
  /** Superuser URL of its `postgres` maintenance database. */
  url: string;
  stop: () => Promise<void>;
}

export async function startScratchPostgres(name: string, maxConnections = 100): Promise<ScratchPostgres> {
  const folder = mkdtempSync(join(tmpdir(), `flowdeck-${name}-`));
  // As root, Postgres runs as the `postgres` user, which must reach the folder mkdtemp made private.
  if (process.getuid?.() === 0) chmodSync(folder, 0o755);
  const port = await freePort();
  await initCluster(join(folder, 'data'), { name: 'flowdeck', password: 'flowdeck' });
  const postgres = await startCluster(join(folder, 'data'), {
    port,
    flags: ['-c', `max_connections=${String(maxConnections)}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  return {
    url: `postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/postgres`,
    async stop() {
      await postgres.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
