import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { setReadBounds } from './connectors/read-bounds';
import { filesFolder, type ServiceConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { watchDatabase } from './db/availability';
import { migrate } from './db/migrate';
import { createPool, type Pool } from './db/pool';
import { seedDemo } from './demo/seed';
import { createFirstAdmin } from './auth/first-start';
import { linkUrl } from './auth/links';
import type { Logger } from './logger';
import { healthApp } from './http/health';
import { servesApi } from './role';
import { createRunService, type RunService } from './runs/run-service';
import { type Boundary, enterBoundary } from './security/boundary';
import { createSecretBox, loadSecretKey } from './secrets';
import { createSettingsCache } from './settings';
import { StartupError } from './startup-error';

export interface RunningService {
  url: string;
  databaseUrl: string | null;
  pool: Pool | null;
  runs: RunService | null;
  /** The demo keys seeded on first start (empty when the database was not new or demo is off). */
  demoKeys: { team: string; starter: string } | null;
  /** The first admin's single-use sign-in link, when this start made them (a database without people). */
  firstSignInLink: string | null;
  stop: () => Promise<void>;
}

// A client must send its headers within 10 s and may not go quiet for longer than the idle timeout
// (20 s: a body that stops half-way no longer holds its connection); a JSON body must arrive within
// 30 s (http/body-timeout.ts), a whole request, uploads included, gets 10 minutes. Node looks at its
// connections for these bounds every CHECK_MS (30 s by default, which made the 10 s up to 40).
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 600_000;
const CHECK_MS = 1_000;

function listen(app: { fetch: (request: Request) => Response | Promise<Response> }, config: ServiceConfig): Promise<ServerType> {
  const { host, port } = config;
  return new Promise((resolveServer, reject) => {
    const serverOptions = { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: CHECK_MS };
    const server = serve({ fetch: app.fetch, hostname: host, port, serverOptions }, () => {
      resolveServer(server);
    });
    server.setTimeout(config.idleTimeoutMs); // with no 'timeout' listener, Node destroys the idle socket
    // Otherwise an unhandled 'error' event kills the process and leaves the embedded Postgres behind.
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new StartupError(`${host}:${String(port)} cannot be listened on (${error.code})`, 'start with PORT=<another port> (or HOST=<another address>)')
          : error,
      );
    });
  });
}

/**
 * Starts the whole service: database, migrations, demo data, runs and the HTTP server. By FLOWDECK_ROLE
 * (role.ts): a `web` instance serves and queues, a `worker` executes and answers only /health.
 */
export async function startService(config: ServiceConfig, logger: Logger): Promise<RunningService> {
  setReadBounds(config.readBounds);
  if (config.upstreamUrl && !config.upstreamKey) {
    const app = createApp({
      services: null,
      staticDir: config.staticDir,
      serveSourceMaps: config.serveSourceMaps,
      bodyLimitBytes: config.bodyLimitBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      upstream: { url: config.upstreamUrl, answerTimeoutMs: config.upstreamAnswerTimeoutMs },
      logger,
    });
    const server = await listen(app, config);
    return {
      url: urlOf(server, config.host),
      databaseUrl: null,
      pool: null,
      runs: null,
      demoKeys: null,
      firstSignInLink: null,
      stop: () => closeServer(server),
    };
  }
  // One embedded Postgres belongs to one process: instances that split the roles share a Postgres of their own.
  if (config.role !== 'all' && !config.databaseUrl)
    throw new StartupError(`FLOWDECK_ROLE=${config.role} needs a Postgres shared by every instance`, 'set DATABASE_URL (or start with FLOWDECK_ROLE=all)');
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, logger);
  const databaseUrl = config.databaseUrl ?? (embedded as { url: string }).url;
  for (const root of config.fileRoots) mkdirSync(root, { recursive: true });
  // The listening host is known now (it decides whether private addresses are allowed); the port once it listens.
  const boundary: Boundary = {
    dataDir: config.dataDir,
    fileRoots: config.fileRoots,
    listen: { host: config.host, port: config.port },
    database: endpointOf(databaseUrl),
    connectorAllow: config.connectorAllow,
  };
  const leaveBoundary = enterBoundary(boundary);
  const pool = createPool(databaseUrl);
  pool.on('error', (error) => {
    logger.error({ err: error.message }, 'database connection error');
  });
  const watch = watchDatabase(databaseUrl, logger);
  // Stopped before the database when a later step fails (the port is taken, say).
  let startedRuns: RunService | null = null;
  try {
    await migrate(pool, logger);
    const box = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
    let listeningUrl = '';
    const settings = createSettingsCache(pool, logger, config.publicUrl, () => listeningUrl);
    await settings.refresh();
    const publicOrigin = settings.publicOrigin;
    const runs = createRunService({
      db: pool,
      databaseUrl,
      box,
      logger,
      publicOrigin,
      discoveryTimeoutMs: config.discoveryTimeoutMs,
      logRetentionDays: config.logRetentionDays,
      auditRetentionDays: config.auditRetentionDays,
      alertRetryDelaySeconds: config.alertRetryDelaySeconds,
      role: config.role,
      maxRuns: config.maxRuns,
    });
    const api = servesApi(config.role);
    // A team's proxy (forward.ts): people, keys and the audit log here, the interface's operations upstream.
    const upstream =
      config.upstreamUrl && config.upstreamKey ? { url: config.upstreamUrl, key: config.upstreamKey, answerTimeoutMs: config.upstreamAnswerTimeoutMs } : null;
    // The demo is seeded by an instance that serves it, with data of its own.
    const demoKeys = config.demo && api && !upstream ? await seedDemo(pool, box, logger, config.fileRoots[0] ?? filesFolder(config.dataDir)) : null;
    const firstSignIn = api ? await createFirstAdmin(pool) : null;
    startedRuns = runs;
    await runs.start();
    const app = createApp({
      services: {
        db: pool,
        box,
        logger,
        runs,
        publicOrigin,
        settings,
        verifyTimeoutMs: config.verifyTimeoutMs,
        profile: config.profile,
        upstream,
        filesDir: config.fileRoots[0] ?? filesFolder(config.dataDir),
        uploadLimitBytes: config.uploadLimitBytes,
        sessionPolicy: config.sessionPolicy,
        oidc: config.oidc,
      },
      staticDir: config.staticDir,
      serveSourceMaps: config.serveSourceMaps,
      bodyLimitBytes: config.bodyLimitBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      upstream: null,
      database: { watch, role: config.role },
      logger,
    });
    // A worker answers only /health on its port.
    const server = await listen(api ? app : healthApp(watch, config.role), config);
    const { port } = server.address() as AddressInfo;
    boundary.listen = { host: config.host, port };
    listeningUrl = linkOrigin(config.host, port);
    const publicAddressSet = config.publicUrl !== null || settings.current().public_url !== null;
    if (!publicAddressSet && config.role === 'worker')
      logger.warn(
        { origin: listeningUrl },
        "alert links use this worker's address: set FLOWDECK_PUBLIC_URL (or the public address in Settings) to the address users reach",
      );
    else if (!publicAddressSet && isUnspecified(config.host))
      logger.warn(
        { origin: listeningUrl },
        'links use the machine name: set FLOWDECK_PUBLIC_URL (or the public address in Settings) to the address users reach',
      );
    return {
      url: urlOf(server, config.host),
      databaseUrl,
      pool,
      runs,
      demoKeys,
      // Built once the service listens: the link's origin may be the listening address.
      firstSignInLink: firstSignIn === null ? null : linkUrl(publicOrigin(), firstSignIn),
      async stop() {
        await closeServer(server);
        watch.stop();
        await runs.stop();
        await pool.end();
        await embedded?.stop();
        leaveBoundary();
      },
    };
  } catch (error) {
    leaveBoundary();
    watch.stop();
    await startedRuns?.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

const isUnspecified = (host: string) => host === '0.0.0.0' || host === '::' || host === '';

/** The origin links are built on when FLOWDECK_PUBLIC_URL is not set. */
function linkOrigin(host: string, port: number): string {
  const name = isUnspecified(host) ? hostname() : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${String(port)}`;
}

/** Host and port of a Postgres URL (the service's own database, which connectors may not reach). */
function endpointOf(databaseUrl: string): Boundary['database'] {
  try {
    const url = new URL(databaseUrl);
    return { host: url.searchParams.get('host') ?? (url.hostname.replace(/^\[|\]$/g, '') || 'localhost'), port: Number(url.port || 5432) };
  } catch {
    return null;
  }
}

function urlOf(server: ServerType, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolveClose) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => {
      resolveClose();
    });
  });
}
