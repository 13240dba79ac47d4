import { resolve } from 'node:path';

/** The interface bounds the whole verification at 10 seconds. */
export const VERIFY_TIMEOUT_MS = 10_000;

/** Everything the service reads from the environment, read once at start. */
export interface ServiceConfig {
  host: string;
  port: number;
  /** Where the embedded Postgres and the generated secret key live. */
  dataDir: string;
  /** A Postgres to use instead of the embedded one. */
  databaseUrl: string | null;
  /** When set, /v2 is forwarded to this service instead of served locally (proxy mode). */
  upstreamUrl: string | null;
  /** Origin used in card and webhook URLs; defaults to the address the service listens on. */
  publicUrl: string | null;
  secretKey: string | null;
  /** The built dashboard to serve, or null to serve only the API. */
  staticDir: string | null;
  /** Seed demo data into an empty database. */
  demo: boolean;
  logLevel: string;
  /** The bound on verify destination; the interface says 10 seconds (tests shorten it). */
  verifyTimeoutMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${env.PORT ?? ''}".`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: resolve(env.FLOWDECK_DATA_DIR ?? '.flowdeck'),
    databaseUrl: env.DATABASE_URL ?? null,
    upstreamUrl: env.FLOWDECK_UPSTREAM_URL ?? null,
    publicUrl: env.FLOWDECK_PUBLIC_URL ?? null,
    secretKey: env.FLOWDECK_SECRET_KEY ?? null,
    staticDir: env.FLOWDECK_STATIC_DIR === '' ? null : resolve(env.FLOWDECK_STATIC_DIR ?? 'dist'),
    demo: env.FLOWDECK_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    verifyTimeoutMs: VERIFY_TIMEOUT_MS,
  };
}
