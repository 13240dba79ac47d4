import type { TestProject } from 'vitest/node';
import { startScratchPostgres } from '../db/scratch-postgres';

// Two Postgres servers for the whole server test run. The first holds the test services' own
// databases: every harness creates its own database on it. The second plays an external database
// for the postgres connectors, since the network guard refuses the service's own database server
// (the first one) as a connector target. Connections are plenty: each service instance holds a
// pool, pg-boss connections and its instance lock.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the shared test Postgres (its `postgres` maintenance database). */
    testPostgresUrl: string;
    /** Superuser URL of the second server, the connectors' "external" Postgres. */
    externalPostgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([startScratchPostgres('test-postgres', 400), startScratchPostgres('test-external-postgres', 100)]);
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
