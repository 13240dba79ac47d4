import { delimiter, join, resolve } from 'node:path';
import { MAX_CHANGES_WAIT_SECONDS } from '@/api/runs';
import { readSessionPolicy, type SessionPolicy } from './auth/session-policy';
import { type OidcConfig, readOidcConfig } from './auth/oidc-config';
import { DEFAULT_READ_BOUNDS, type ReadBounds } from './connectors/read-bounds';
import { DEFAULT_BODY_TIMEOUT_MS } from './http/body-timeout';
import { type Profile, readProfile } from './profile';
import { readLogRetentionDays } from './runs/log-retention';
import { readAuditRetentionDays } from './audit/retention';
import { readRole, type Role } from './role';
import { readMaxRuns } from './runs/run-queue';
import { invalidConnectorAllowEntries } from './security/network-guard';

/** The interface bounds the whole verification at 10 seconds. */
export const VERIFY_TIMEOUT_MS = 10_000;
/** Discovery of one source gives up after this. */
export const DISCOVERY_TIMEOUT_MS = 30_000;
/**
 * A connection that carries nothing either way for this long is closed: a body that stops half-way no longer holds it.
 * Node counts the service's own silence too, so this is longer than the service itself may take before it answers
 * (a discovery, a held run-changes read); otherwise those answers would find their connection gone.
 */
export const IDLE_TIMEOUT_MS = Math.max(DISCOVERY_TIMEOUT_MS, MAX_CHANGES_WAIT_SECONDS * 1000) + 10_000;
/** A proxy's upstream must begin its answer within this: under the idle bound, so the caller is told 504, not cut off. */
export const UPSTREAM_ANSWER_TIMEOUT_MS = IDLE_TIMEOUT_MS - 5_000;
/** Request bodies above this answer 413 before they are parsed (uploads have their own limit). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_UPLOAD_LIMIT_BYTES = 1024 * 1024 * 1024;

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
  /** The upstream's key, kept here (FLOWDECK_UPSTREAM_KEY): people sign in to this Flowdeck, and roles and the audit log apply. */
  upstreamKey: string | null;
  /** How long the upstream may take to begin an answer before the caller is answered 504. */
  upstreamAnswerTimeoutMs: number;
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
  /** A connection that sends nothing for this long is closed (a body that stops half-way, headers never finished). */
  idleTimeoutMs: number;
  /** A JSON body (any request but an upload) must arrive whole within this long (30 s; tests shorten it). */
  bodyTimeoutMs: number;
  /** How long discovery of one source may take before it fails (tests shorten it). */
  discoveryTimeoutMs: number;
  /** The first retry of a failed alert delivery waits 1–2 times this, each next one twice as long (tests shorten it). */
  alertRetryDelaySeconds: number;
  /** Folders connectors may read and write files in (FLOWDECK_FILE_ROOTS); default `<data dir>/files`. */
  fileRoots: string[];
  /** Addresses or ranges connectors may reach although they are private (FLOWDECK_CONNECTOR_ALLOW). */
  connectorAllow: string[];
  /** Largest JSON body accepted (FLOWDECK_BODY_LIMIT, bytes). */
  bodyLimitBytes: number;
  /** Largest uploaded file accepted (FLOWDECK_UPLOAD_LIMIT, bytes). */
  uploadLimitBytes: number;
  /** Serve the dashboard's source maps (FLOWDECK_SOURCE_MAPS=1); off by default. */
  serveSourceMaps: boolean;
  /** How many days run attempts' log lines are kept (FLOWDECK_LOG_RETENTION_DAYS, 30 by default). */
  logRetentionDays: number;
  /** How many days audit entries are kept (FLOWDECK_AUDIT_RETENTION_DAYS, 365 by default). */
  auditRetentionDays: number;
  /** FLOWDECK_PROFILE: `hosted` answers only the hosted service's operations (proves proxy mode against it). */
  profile: Profile;
  /** FLOWDECK_ROLE: `web`, `worker` or `all` (role.ts). */
  role: Role;
  /** FLOWDECK_MAX_RUNS: flow attempts executing at once across every instance (one per core by default). */
  maxRuns: number;
  /** What connectors may read (FLOWDECK_READ_TIMEOUT, FLOWDECK_READ_LIMIT, FLOWDECK_STALL_TIMEOUT; read-bounds.ts). */
  readBounds: ReadBounds;
  /** Browser sessions' idle and absolute bounds (FLOWDECK_SESSION_IDLE_HOURS, FLOWDECK_SESSION_MAX_DAYS). */
  sessionPolicy: SessionPolicy;
  /** Sign-in with OpenID Connect (FLOWDECK_OIDC_*; auth/oidc-config.ts); null when FLOWDECK_OIDC_ISSUER is not set. */
  oidc: OidcConfig | null;
}

/** The folder uploads land in and the default file root. */
export const filesFolder = (dataDir: string) => join(dataDir, 'files');

function byteSize(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a number of bytes, got "${raw}".`);
  return value;
}

function seconds(name: string, raw: string | undefined, fallbackMs: number): number {
  if (raw === undefined || raw === '') return fallbackMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number of seconds, got "${raw}".`);
  return Math.round(value * 1000);
}

const list = (raw: string | undefined, separator: string | RegExp) =>
  (raw ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${env.PORT ?? ''}".`);
  const dataDir = resolve(env.FLOWDECK_DATA_DIR ?? '.flowdeck');
  const roots = list(env.FLOWDECK_FILE_ROOTS, delimiter).map((root) => resolve(root));
  const connectorAllow = list(env.FLOWDECK_CONNECTOR_ALLOW, /[\s,]+/);
  const unreadable = invalidConnectorAllowEntries(connectorAllow);
  if (unreadable.length > 0)
    throw new Error(`FLOWDECK_CONNECTOR_ALLOW lists what is not an IP address, a CIDR range or a host name: ${unreadable.join(', ')}.`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    upstreamUrl: env.FLOWDECK_UPSTREAM_URL ?? null,
    upstreamKey: env.FLOWDECK_UPSTREAM_KEY?.trim() ? env.FLOWDECK_UPSTREAM_KEY.trim() : null,
    upstreamAnswerTimeoutMs: UPSTREAM_ANSWER_TIMEOUT_MS,
    publicUrl: env.FLOWDECK_PUBLIC_URL ?? null,
    secretKey: env.FLOWDECK_SECRET_KEY ?? null,
    staticDir: env.FLOWDECK_STATIC_DIR === '' ? null : resolve(env.FLOWDECK_STATIC_DIR ?? 'dist'),
    demo: env.FLOWDECK_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    verifyTimeoutMs: VERIFY_TIMEOUT_MS,
    discoveryTimeoutMs: DISCOVERY_TIMEOUT_MS,
    alertRetryDelaySeconds: 15,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    bodyTimeoutMs: DEFAULT_BODY_TIMEOUT_MS,
    fileRoots: roots.length > 0 ? roots : [filesFolder(dataDir)],
    connectorAllow,
    bodyLimitBytes: byteSize('FLOWDECK_BODY_LIMIT', env.FLOWDECK_BODY_LIMIT, DEFAULT_BODY_LIMIT_BYTES),
    uploadLimitBytes: byteSize('FLOWDECK_UPLOAD_LIMIT', env.FLOWDECK_UPLOAD_LIMIT, DEFAULT_UPLOAD_LIMIT_BYTES),
    serveSourceMaps: env.FLOWDECK_SOURCE_MAPS === '1',
    profile: readProfile(env.FLOWDECK_PROFILE),
    logRetentionDays: readLogRetentionDays(env.FLOWDECK_LOG_RETENTION_DAYS),
    auditRetentionDays: readAuditRetentionDays(env.FLOWDECK_AUDIT_RETENTION_DAYS),
    role: readRole(env.FLOWDECK_ROLE),
    maxRuns: readMaxRuns(env.FLOWDECK_MAX_RUNS),
    readBounds: {
      timeoutMs: seconds('FLOWDECK_READ_TIMEOUT', env.FLOWDECK_READ_TIMEOUT, DEFAULT_READ_BOUNDS.timeoutMs),
      maxBytes: byteSize('FLOWDECK_READ_LIMIT', env.FLOWDECK_READ_LIMIT, DEFAULT_READ_BOUNDS.maxBytes),
      stallMs: seconds('FLOWDECK_STALL_TIMEOUT', env.FLOWDECK_STALL_TIMEOUT, DEFAULT_READ_BOUNDS.stallMs),
    },
    sessionPolicy: readSessionPolicy(env),
    oidc: readOidcConfig(env),
  };
}
