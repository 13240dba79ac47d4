import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { ServiceConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { migrate } from './db/migrate';
import { createPool, type Pool } from './db/pool';
import { seedDemo } from './demo/seed';
import type { Logger } from './logger';
import { createRunService, type RunService } from './runs/run-service';
import { createSecretBox, loadSecretKey } from './secrets';

export interface RunningService {
  url: string;
  databaseUrl: string | null;
  pool: Pool | null;
  runs: RunService | null;
  /** The demo keys seeded on first start (empty when the database was not new or demo is off). */
  demoKeys: { team: string; starter: string } | null;
  stop: () => Promise<void>;
}

function listen(app: ReturnType<typeof createApp>, host: string, port: number): Promise<ServerType> {
  return new Promise((resolveServer) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, () => { resolveServer(server); });
  });
}

/** Starts the whole service: database, migrations, demo data, runs and the HTTP server. */
export async function startService(config: ServiceConfig, logger: Logger): Promise<RunningService> {
  if (config.upstreamUrl) {
    const app = createApp({ services: null, staticDir: config.staticDir, upstreamUrl: config.upstreamUrl, logger });
    const server = await listen(app, config.host, config.port);
    return { url: urlOf(server, config.host), databaseUrl: null, pool: null, runs: null, demoKeys: null, stop: () => closeServer(server) };
  }
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, logger);
  const databaseUrl = config.databaseUrl ?? (embedded as { url: string }).url;
  const pool = createPool(databaseUrl);
  pool.on('error', (error) => { logger.error({ err: error.message }, 'database connection error'); });
  try {
    await migrate(pool, logger);
    const box = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
    const runs = createRunService({ db: pool, databaseUrl, box, logger });
    const demoKeys = config.demo ? await seedDemo(pool, box, logger, config.dataDir) : null;
    await runs.start();
    const app = createApp({ services: { db: pool, box, logger, runs, publicUrl: config.publicUrl, verifyTimeoutMs: config.verifyTimeoutMs }, staticDir: config.staticDir, upstreamUrl: null, logger });
    const server = await listen(app, config.host, config.port);
    return {
      url: urlOf(server, config.host),
      databaseUrl,
      pool,
      runs,
      demoKeys,
      async stop() {
        await closeServer(server);
        await runs.stop();
        await pool.end();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

function urlOf(server: ServerType, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolveClose) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => { resolveClose(); });
  });
}
