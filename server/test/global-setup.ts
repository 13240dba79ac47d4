import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../db/embedded';
import { initCluster, startCluster } from '../db/postgres-cluster';

// One embedded Postgres for the whole server test run; every harness creates its own database on
// it. Durability is off (a test database lives for seconds) and connections are plenty: each
// service instance holds a pool, pg-boss connections and its instance lock.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the shared test Postgres (its `postgres` maintenance database). */
    testPostgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'flowdeck-test-postgres-'));
  // As root, Postgres runs as the `postgres` user, which must reach the folder mkdtemp made private.
  if (process.getuid?.() === 0) chmodSync(folder, 0o755);
  const port = await freePort();
  // The service's own launcher: as root it also works from a clone in a private folder.
  await initCluster(join(folder, 'data'), { name: 'flowdeck', password: 'flowdeck' });
  const postgres = await startCluster(join(folder, 'data'), {
    port,
    flags: ['-c', 'max_connections=400', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  project.provide('testPostgresUrl', `postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/postgres`);
  return async () => {
    await postgres.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
