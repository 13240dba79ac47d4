import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startScratchPostgres } from '../../server/db/scratch-postgres';
import { insertApiKey, newApiKey } from '../../server/store/api-keys';
import { type ChildService, startChildService } from '../../server/test/child-service';

// The deployment the scale bench measures: one scratch Postgres, one shared data folder, one web
// instance and any number of workers, each `npm start` in a process of its own (FLOWDECK_ROLE).
// Every process started here is stopped by its process id in `stop`, whatever happened.

export interface Cluster {
  databaseUrl: string;
  webUrl: string;
  key: string;
  sql: <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;
  /** Starts `count` more workers; resolves once each has started. */
  addWorkers: (count: number) => Promise<void>;
  /** SIGTERM to every worker (the web instance stays). */
  stopWorkers: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const postgres = await startScratchPostgres('bench-scale', 200);
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-scale-'));
  const admin = new pg.Client({ connectionString: postgres.url });
  const children: ChildService[] = [];
  let workers: ChildService[] = [];
  let client: pg.Client | null = null;
  const stop = async () => {
    await Promise.all(children.map((child) => child.kill()));
    await client?.end().catch(() => undefined);
    await admin.end().catch(() => undefined);
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await admin.connect();
    await admin.query('CREATE DATABASE flowdeck');
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/flowdeck');
    // What is measured is the workers' job slots, not the service-wide run limit (one per core by default).
    const env = {
      DATABASE_URL: databaseUrl,
      FLOWDECK_DATA_DIR: dataDir,
      FLOWDECK_SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'error',
      FLOWDECK_MAX_RUNS: '16',
    };
    const start = async (role: 'web' | 'worker') => {
      const child = await startChildService({ ...env, FLOWDECK_ROLE: role });
      children.push(child);
      return child;
    };
    const web = await start('web');
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const key = newApiKey();
    await insertApiKey(client, key, 'team', 'bench:scale');
    const sqlClient = client;
    return {
      databaseUrl,
      webUrl: web.url,
      key,
      sql: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await sqlClient.query<T>(text, values)).rows,
      async addWorkers(count) {
        workers.push(...(await Promise.all(Array.from({ length: count }, () => start('worker')))));
      },
      async stopWorkers() {
        await Promise.all(workers.map((worker) => worker.stop()));
        workers = [];
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
